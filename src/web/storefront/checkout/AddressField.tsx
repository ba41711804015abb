// The delivery address with US suggestions from our API (spec §2: "address autocomplete
// restricted to the US"): typing asks for suggestions after a short pause; choosing one saves the
// address with its location (the distance and fee follow from it); an address typed without
// choosing is saved as typed and located by the server.
import { getAddressSuggestions } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import {
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import type { AddressSuggestion } from '../../../contract/utils.js';
import { call } from '../../lib/api.js';
import { ShowAllFieldErrors } from './CheckoutField.js';

/** Wait this long after the last key before asking (one request per pause, not per key). */
export const SUGGEST_DELAY_MS = 250;
const MIN_CHARS = 3;

export function AddressField({
  saved,
  onSave,
  check,
}: {
  saved: string;
  onSave: (address: string, location: AddressSuggestion['location']) => void;
  /** The field's rule ("Required" when empty), shown once left or on Place the order. */
  check?: (value: string) => string | null;
}) {
  const [text, setText] = useState(saved);
  const [left, setLeft] = useState(false);
  const showAll = useContext(ShowAllFieldErrors);
  const error = left || showAll ? (check?.(text) ?? null) : null;
  const [asked, setAsked] = useState('');
  useEffect(() => setText(saved), [saved]);
  useEffect(() => {
    const timer = window.setTimeout(() => setAsked(text.trim()), SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const suggestions = useQuery({
    queryKey: ['addressSuggestions', asked],
    queryFn: ({ signal }) => call(getAddressSuggestions, { query: { input: asked } }, signal),
    enabled: asked.length >= MIN_CHARS && asked !== saved,
    staleTime: 60_000,
  });
  const items = (suggestions.data?.suggestions ?? []).map((s, i) => ({ id: String(i), ...s }));

  return (
    <ComboBox
      className="field"
      allowsCustomValue
      // Suggestions arrive after the typing: the list opens at once and fills when they come.
      allowsEmptyCollection
      menuTrigger="input"
      inputValue={text}
      onInputChange={setText}
      items={items}
      onSelectionChange={(key) => {
        const chosen = items.find((s) => s.id === key);
        if (!chosen) return;
        setText(chosen.description);
        onSave(chosen.description, chosen.location);
      }}
      onBlur={() => {
        setLeft(true);
        if (text.trim() !== saved) onSave(text.trim(), null);
      }}
      validationBehavior="aria"
      isInvalid={Boolean(error)}
    >
      <Label>Delivery address</Label>
      <Input autoComplete="street-address" maxLength={300} />
      <FieldError className="checkout-error field__error">{error}</FieldError>
      <Popover className="picker__popover">
        <ListBox className="picker__list">
          {(s: (typeof items)[number]) => (
            <ListBoxItem className="picker__item" id={s.id} textValue={s.description}>
              {s.description}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
