// The board's filters (issue 27, docs/decisions/order-board.md): the status filter (New, In
// progress, Ready, Done, Cancelled, All, each with its count inside the date range or the Now
// view), the Now view (every open order whatever day it was placed) and the search by order
// number, name or phone. The server filters (the list is paged); the counts come with the list.
import { useEffect, useState } from 'react';
import {
  Input,
  Label,
  Radio,
  RadioGroup,
  SearchField,
  Text,
  ToggleButton,
} from 'react-aria-components';
import type { BoardStatus, OrderListAnswer } from '../../../contract/merchant-orders.js';
import type { BoardChoice } from './queries.js';

export const STATUS_LABELS: Record<BoardStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  ready: 'Ready',
  done: 'Done',
  cancelled: 'Cancelled',
  all: 'All',
};
const STATUSES = Object.keys(STATUS_LABELS) as BoardStatus[];
/** The search is asked for once typing pauses this long. */
const SEARCH_PAUSE_MS = 250;

export function BoardFilters({
  value,
  onChange,
  counts,
}: {
  value: BoardChoice;
  onChange: (next: BoardChoice) => void;
  counts: OrderListAnswer['counts'] | undefined;
}) {
  const [text, setText] = useState(value.q);
  useEffect(() => {
    if (text === value.q) return;
    const timer = setTimeout(() => onChange({ ...value, q: text }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  const summary = counts
    ? STATUSES.map((s) => `${STATUS_LABELS[s]} ${counts[s]}`).join(', ')
    : 'Counting…';
  return (
    <div className="board-filters">
      <div className="board-filters__row">
        <SearchField
          className="board-search"
          value={text}
          onChange={setText}
          onSubmit={() => onChange({ ...value, q: text })}
          onClear={() => onChange({ ...value, q: '' })}
        >
          <Label className="dash-sr-only">Search orders</Label>
          <Input className="board-search__input" placeholder="Number, name, phone" />
        </SearchField>
        <ToggleButton
          className="button board-now"
          isSelected={value.now}
          onChange={(now) => onChange({ ...value, now })}
        >
          Now
        </ToggleButton>
      </div>
      <RadioGroup
        className="board-status"
        orientation="horizontal"
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as BoardStatus })}
      >
        <Label className="dash-sr-only">Status</Label>
        <Text slot="description" className="dash-sr-only">
          {summary}
        </Text>
        {STATUSES.map((s) => (
          <Radio key={s} value={s} className="board-status__option" aria-label={STATUS_LABELS[s]}>
            <span>{STATUS_LABELS[s]}</span>
            <span className="board-status__count" aria-hidden="true">
              {counts ? counts[s] : '–'}
            </span>
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}
