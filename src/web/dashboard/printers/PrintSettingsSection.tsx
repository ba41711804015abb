// The store's print settings (issue 29): print new orders by themselves (off by default), when a
// scheduled order prints, and where lines of items without a printer go. Each change saves at once.
import { Label, Radio, RadioGroup, Switch } from 'react-aria-components';
import type { PrinterDetail } from '../../../contract/printer-settings.js';
import { SAVE_FAILURES } from '../../../domain/messages.js';
import { useFlash } from '../components/Flash.js';
import { PrinterPicker } from './PrinterPicker.js';
import { usePrintSettings, useSavePrintSettings } from './queries.js';

const FIRST = 'first';

export function PrintSettingsSection({
  merchantId,
  printers,
}: {
  merchantId: string;
  printers: readonly PrinterDetail[];
}) {
  const flash = useFlash();
  const settings = usePrintSettings(merchantId);
  const save = useSavePrintSettings(merchantId);
  if (!settings.data) return null;
  const s = settings.data;
  const put = (body: Parameters<typeof save.mutate>[0]) =>
    save.mutate(body, {
      onSuccess: () => flash('success', 'Updated'),
      onError: () => flash('error', SAVE_FAILURES.printers),
    });
  const kitchen = printers.filter((p) => p.print_format === 'kitchen');
  return (
    <section className="store-section" aria-labelledby="print-settings-title">
      <div className="store-section__head">
        <h2 id="print-settings-title">Print settings</h2>
      </div>
      <div className="store-form__stack">
        <Switch
          className="printer-switch"
          isSelected={s.autoPrint}
          isDisabled={save.isPending}
          onChange={(autoPrint) => put({ autoPrint })}
        >
          <span className="printer-switch__track" aria-hidden="true" />
          Print new orders automatically
        </Switch>
        <RadioGroup
          className="printer-radios"
          value={s.scheduledPrint}
          isDisabled={save.isPending}
          onChange={(v) => put({ scheduledPrint: v as 'placement' | 'due' })}
        >
          <Label>Scheduled orders print</Label>
          <Radio value="placement">When placed</Radio>
          <Radio value="due">At the due time minus the preparing time</Radio>
        </RadioGroup>
        <PrinterPicker
          label="Items without a printer go to"
          value={s.defaultKitchenPrinterId ?? FIRST}
          options={[
            { id: FIRST, label: 'The first kitchen printer by name' },
            ...kitchen.map((p) => ({ id: p._id, label: p.name })),
          ]}
          onChange={(id) => put({ defaultKitchenPrinterId: id === FIRST ? null : id })}
        />
      </div>
    </section>
  );
}
