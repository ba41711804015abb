// A labelled choice from a short list (format, connection, paper width, default printer), from
// react-aria-components' Select: keyboard, screen reader and touch handled by the library.
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

export function PrinterPicker<K extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: K;
  options: readonly { id: K; label: string }[];
  onChange: (value: K) => void;
}) {
  return (
    <Select
      className="printer-picker dash-field"
      selectedKey={value}
      onSelectionChange={(key) => onChange(key as K)}
    >
      <Label>{label}</Label>
      <Button className="printer-picker__button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="printer-picker__popover">
        <ListBox className="printer-picker__list">
          {options.map((o) => (
            <ListBoxItem key={o.id} id={o.id} className="printer-picker__option">
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
