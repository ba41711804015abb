// The ESC/POS renderer against transcripts written by hand (issue 29), read back by the TCP
// sink's own parser (tests/fakes/escpos-sink.ts), not by the renderer's code.
import { describe, expect, it } from 'vitest';
import { layoutTicket } from '../../../../domain/printing/layout.js';
import { ticketFor, type TicketOrderInput } from '../../../../domain/printing/ticket.js';
import { parseEscPos } from '../../../../../tests/fakes/escpos-sink.js';
import { fitsPc437, ticketEscPos } from './escpos.js';

const order: TicketOrderInput = {
  orderId: 1042,
  dailyOrderId: 7,
  orderMethod: 'dinein',
  dineinTableName: 'T5',
  carMakeModel: '',
  carColor: '',
  roomServiceRoom: '',
  scheduleDate: '',
  scheduleTimeStr: '',
  customerName: 'Ada Lovelace',
  deliveryNote: '',
  unpaid: true,
  lines: [
    {
      qty: 2,
      name: 'Pork Dumplings',
      name_2nd: '',
      size: 'Large',
      orderItemOptions: [{ name: 'Chili oil' }],
      note: 'Well done\u0007',
      lineTotalCents: 1798,
    },
    {
      qty: 1,
      name: 'Crème brûlée',
      name_2nd: '',
      size: '',
      orderItemOptions: [],
      note: '',
      lineTotalCents: 650,
    },
  ],
  amounts: [
    { label: 'Subtotal', cents: 2448 },
    { label: 'Tax', cents: 217 },
    { label: 'Total', cents: 2665 },
  ],
};

const kitchen = () =>
  ticketFor('kitchen', 'Golden Dragon', order, order.lines, {
    placedAt: 'Nov 27, 6:03 PM',
    reprint: false,
  });

// Each row: alignment, size, bold, then the text. Written from the layout rules by hand.
const row = (align: string, size: string, bold: string, text: string) =>
  `[ALIGN ${align}][SIZE ${size}][BOLD ${bold}]${text}\n`;
const RULE_80 = row('left', '1x1', 'OFF', '-'.repeat(48));
const RULE_58 = row('left', '1x1', 'OFF', '-'.repeat(32));

describe('ESC/POS kitchen ticket', () => {
  it('80 mm: numbers, method and lines large; PC437 for the accents; feed and partial cut', async () => {
    const bytes = await ticketEscPos(layoutTicket(kitchen(), '80mm'), '80mm');
    const { transcript, rasters } = parseEscPos(bytes);
    expect(rasters).toEqual([]);
    expect(transcript).toBe(
      '[INIT][CODEPAGE 0]' +
        row('center', '1x1', 'ON', 'Golden Dragon') +
        row('center', '2x2', 'ON', 'UNPAID') +
        row('left', '2x2', 'ON', 'Order #1042') +
        row('left', '1x1', 'ON', 'Daily #7') +
        row('left', '2x2', 'ON', 'Dine-in · Table T5') +
        row('left', '1x1', 'ON', 'ASAP') +
        row('left', '1x1', 'OFF', 'Nov 27, 6:03 PM') +
        row('left', '1x1', 'OFF', 'Ada Lovelace') +
        RULE_80 +
        row('left', '2x2', 'ON', '2 x Pork Dumplings') +
        row('left', '2x2', 'OFF', '   Size: Large') +
        row('left', '2x2', 'OFF', '   + Chili oil') +
        row('left', '2x2', 'ON', '   Note: Well done') +
        row('left', '2x2', 'ON', '1 x Crème brûlée') +
        '[FEED 2][SIZE 1x1][BOLD OFF][CUT PARTIAL FEED 48]',
    );
    // The accents went as PC437 bytes (è = 0x8A, û = 0x96), never as UTF-8.
    expect(bytes.includes(Buffer.from([0x43, 0x72, 0x8a, 0x6d, 0x65]))).toBe(true);
    expect(bytes.includes(Buffer.from('è', 'utf8'))).toBe(false);
  });

  it('58 mm: large rows wrap at 16 columns and keep their indent', async () => {
    const { transcript } = parseEscPos(await ticketEscPos(layoutTicket(kitchen(), '58mm'), '58mm'));
    expect(transcript).toContain(RULE_58);
    expect(transcript).toContain(
      row('left', '2x2', 'ON', '2 x Pork') + row('left', '2x2', 'ON', '  Dumplings'),
    );
    expect(transcript).toContain(
      row('left', '2x2', 'ON', 'Dine-in · Table') + row('left', '2x2', 'ON', 'T5'),
    );
    for (const line of transcript.split('\n')) {
      const text = line.replace(/\[[^\]]*\]/g, '');
      const large = line.includes('[SIZE 2x2]');
      expect(text.length, line).toBeLessThanOrEqual(large ? 16 : 32);
    }
  });

  it('a receipt adds the amounts at the right edge, the total in bold', async () => {
    const receipt = ticketFor('receipt', 'Golden Dragon', order, order.lines, {
      placedAt: 'Nov 27, 6:03 PM',
      reprint: false,
    });
    const { transcript } = parseEscPos(await ticketEscPos(layoutTicket(receipt, '58mm'), '58mm'));
    expect(transcript).toContain(row('center', '1x1', 'OFF', 'RECEIPT'));
    expect(transcript).toContain(
      row('left', '1x1', 'ON', `2 x Pork Dumplings${' '.repeat(8)}$17.98`),
    );
    expect(transcript).toContain(row('left', '1x1', 'OFF', `Subtotal${' '.repeat(18)}$24.48`));
    expect(transcript).toContain(row('left', '1x1', 'ON', `Total${' '.repeat(21)}$26.65`));
  });

  it('a cancel ticket and a reprint say so first, large', async () => {
    const cancel = ticketFor('cancel', 'Golden Dragon', order, order.lines, {
      placedAt: 'Nov 27, 6:03 PM',
      reprint: false,
    });
    const { transcript } = parseEscPos(await ticketEscPos(layoutTicket(cancel, '80mm'), '80mm'));
    expect(transcript).toContain(row('center', '2x2', 'ON', '*** CANCELLED ***'));
    expect(transcript).not.toContain('UNPAID');
    const again = ticketFor('kitchen', 'Golden Dragon', order, order.lines, {
      placedAt: 'Nov 27, 6:03 PM',
      reprint: true,
    });
    const reprint = parseEscPos(await ticketEscPos(layoutTicket(again, '80mm'), '80mm'));
    expect(reprint.transcript).toContain(row('center', '2x2', 'ON', 'REPRINT'));
  });

  it('Chinese names go as a raster picture the paper wide, and ink is on it', async () => {
    const withChinese: TicketOrderInput = {
      ...order,
      lines: [{ ...order.lines[0]!, name_2nd: '猪肉饺子' }],
    };
    const ticket = ticketFor('kitchen', 'Golden Dragon', withChinese, withChinese.lines, {
      placedAt: 'Nov 27, 6:03 PM',
      reprint: false,
    });
    for (const [paper, dots] of [
      ['58mm', 384],
      ['80mm', 576],
    ] as const) {
      const { transcript, rasters } = parseEscPos(
        await ticketEscPos(layoutTicket(ticket, paper), paper),
      );
      expect(rasters).toHaveLength(1);
      expect(rasters[0]!.width).toBe(dots);
      expect(transcript).toContain(`[ALIGN left][SIZE 1x1][BOLD OFF][RASTER ${dots}x56]`);
      const ink = rasters[0]!.bits.reduce((n, b) => n + (b.toString(2).split('1').length - 1), 0);
      // Four large CJK characters: a few hundred dots, far from an empty or a black picture.
      expect(ink).toBeGreaterThan(300);
      expect(ink).toBeLessThan(dots * 56 * 0.5);
      expect(transcript).not.toContain('猪');
    }
  });

  it('PC437 takes the middle dot and Latin-1 accents, not a bullet or Chinese', () => {
    expect(fitsPc437('Dine-in · Table 5 — Crème')).toBe(false); // the em dash
    expect(fitsPc437('Dine-in · Table 5, Crème brûlée, Señor')).toBe(true);
    expect(fitsPc437('• Rice')).toBe(false);
    expect(fitsPc437('饺子')).toBe(false);
  });
});
