// Notices (spec §2 Store): the home-page, order-preparing and dine-in notices. Stored as the
// merchant types them; line breaks are kept as break tags for the storefront (domain/format/notice).
import { noticeLines, storedToNotice } from '../../../../domain/format/notice.js';
import { TextInput } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { checkedSave } from './save.js';

const NOTICES = [
  ['homePageNotice', 'Home page notice'],
  ['orderPreparingNotice', 'Order preparing notice'],
  ['dineinNotice', 'Dine-in notice'],
] as const;
type NoticeField = (typeof NOTICES)[number][0];

export function NoticesSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Notices"
      failure="notice"
      initial={() =>
        Object.fromEntries(NOTICES.map(([f]) => [f, storedToNotice(settings[f])])) as Record<
          NoticeField,
          string
        >
      }
      save={(d) => checkedSave({ ...d }, save.mutateAsync)}
      read={
        <dl className="store-facts store-facts--wide">
          {NOTICES.map(([f, label]) => (
            <div key={f} className="store-facts__row">
              <dt>{label}</dt>
              <dd className="store-notice">
                {noticeLines(settings[f]).map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
                {settings[f] ? null : '—'}
              </dd>
            </div>
          ))}
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          {NOTICES.map(([f, label]) => (
            <TextInput
              key={f}
              id={`${idBase}-${f}`}
              label={label}
              multiline
              value={draft[f]}
              onChange={(v) => setDraft({ ...draft, [f]: v })}
              error={errors[f]}
            />
          ))}
        </div>
      )}
    />
  );
}
