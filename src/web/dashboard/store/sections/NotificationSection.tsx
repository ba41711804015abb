// Order notifications (spec §2 Store "order-notification email", §3 scheduling and
// notifications): the emails told of each new order, the text to the store for a new order, and
// the ready-time text to the diner (the Orders pane's ready-time modal sends it only when on).
import { CheckField, TextInput } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { firstError, splitList } from './list-text.js';
import { checkedSave, yesNo } from './save.js';

export function NotificationSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  return (
    <SettingsSection
      title="Order notifications"
      failure="notification"
      initial={() => ({
        emails: settings.emailReceivingNotification.join('\n'),
        placedSms: settings.enableReceivingOrderPlacedSms,
        readySms: settings.enableOrderTimeConfirmSms,
      })}
      save={(d) =>
        checkedSave(
          {
            emailReceivingNotification: splitList(d.emails),
            enableReceivingOrderPlacedSms: d.placedSms,
            enableOrderTimeConfirmSms: d.readySms,
          },
          save.mutateAsync,
        )
      }
      read={
        <dl className="store-facts">
          <dt>Emails for new orders</dt>
          <dd>
            {settings.emailReceivingNotification.length
              ? settings.emailReceivingNotification.join(', ')
              : '—'}
          </dd>
          <dt>Text the store for new orders</dt>
          <dd>{yesNo(settings.enableReceivingOrderPlacedSms)}</dd>
          <dt>Text diners their ready time</dt>
          <dd>{yesNo(settings.enableOrderTimeConfirmSms)}</dd>
        </dl>
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <TextInput
            id={`${idBase}-emails`}
            label="Emails for new orders"
            hint="One per line"
            multiline
            value={draft.emails}
            onChange={(emails) => setDraft({ ...draft, emails })}
            error={firstError(errors, 'emailReceivingNotification')}
          />
          <CheckField
            id={`${idBase}-placed`}
            label="Text the store for new orders"
            checked={draft.placedSms}
            onChange={(placedSms) => setDraft({ ...draft, placedSms })}
          />
          <CheckField
            id={`${idBase}-ready`}
            label="Text diners their ready time"
            checked={draft.readySms}
            onChange={(readySms) => setDraft({ ...draft, readySms })}
          />
        </div>
      )}
    />
  );
}
