// The store page's own modals (spec §2 "Other modals"): the home or dine-in notice, the store
// location choice (main or branch) and the order-method choice (Pickup or Delivery). One lazy
// chunk: none of it, nor the dialog code of react-aria-components, is in the first load.
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { StoreDialog } from '../dialog/StoreDialog.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { formatAddress } from '../display.js';
import { NOTICE_HIDE_MS, type EntryStep } from './entry.js';
import { METHOD_LABELS } from './labels.js';

/** The notice, one paragraph per line; hides itself after 30 seconds (spec §4). */
export function NoticeModal({
  title,
  lines,
  onClose,
}: {
  title: string;
  lines: readonly string[];
  onClose: () => void;
}) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <StoreDialog title={title} onClose={onClose} className="entry-modal--notice">
      <div className="entry-modal__body entry-notice">
        {lines.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <div className="entry-modal__actions">
        <Button className="button button--primary" onPress={onClose}>
          OK
        </Button>
      </div>
    </StoreDialog>
  );
}

interface Option<V> {
  value: V;
  label: string;
  detail?: string | undefined;
}

/**
 * A choice of a few options, each a button that saves it. The saved one says so; a failed save
 * keeps the modal open with the server's message.
 */
function ChoiceModal<V extends string | boolean>({
  title,
  options,
  current,
  onChoose,
  onClose,
}: {
  title: string;
  options: readonly Option<V>[];
  current: V | undefined;
  onChoose: (value: V) => Promise<unknown>;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState<V | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(value: V) {
    if (saving !== null) return;
    setSaving(value);
    setError(null);
    try {
      if (value !== current) await onChoose(value);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save your choice.');
      setSaving(null);
    }
  }

  return (
    <StoreDialog title={title} onClose={onClose}>
      <ul className="entry-modal__body entry-choices">
        {options.map((o) => (
          <li key={String(o.value)}>
            <Button
              className="entry-choice"
              data-current={o.value === current || undefined}
              isPending={saving === o.value}
              onPress={() => void choose(o.value)}
            >
              <span className="entry-choice__label">{o.label}</span>
              {o.detail ? <span className="entry-choice__detail">{o.detail}</span> : null}
              {o.value === current ? <span className="entry-choice__current">Selected</span> : null}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="entry-modal__error" role="alert">
          {error}
        </p>
      ) : null}
    </StoreDialog>
  );
}

export interface EntryModalProps {
  step: EntryStep;
  info: PublicBusinessInfo;
  noticeLines: readonly string[];
  methods: readonly ('pickup' | 'delivery')[];
  /** The saved choices; undefined while the cart loads (nothing is marked selected). */
  isBranch: boolean | undefined;
  orderMethod: string | undefined;
  onLocation: (isBranch: boolean) => Promise<unknown>;
  onMethod: (method: 'pickup' | 'delivery') => Promise<unknown>;
  onClose: () => void;
}

export default function EntryModal(props: EntryModalProps) {
  const { step, info, onClose } = props;
  if (step === 'notice') {
    return <NoticeModal title={info.name} lines={props.noticeLines} onClose={onClose} />;
  }
  if (step === 'location') {
    return (
      <ChoiceModal<boolean>
        title="Choose your store location"
        current={props.isBranch}
        options={[
          { value: false, label: info.name, detail: formatAddress(info.address) },
          {
            value: true,
            label: info.branchName || 'Branch',
            detail: info.branchAddress ? formatAddress(info.branchAddress) : undefined,
          },
        ]}
        onChoose={props.onLocation}
        onClose={onClose}
      />
    );
  }
  return (
    <ChoiceModal<'pickup' | 'delivery'>
      title="Pickup or Delivery?"
      current={
        props.orderMethod === 'pickup' || props.orderMethod === 'delivery'
          ? props.orderMethod
          : undefined
      }
      options={props.methods.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
      onChoose={props.onMethod}
      onClose={onClose}
    />
  );
}
