// An edit sends only the fields the merchant changed (docs/decisions/printing.md: a write changes
// only the fields it names), and the address only for a network printer.
import { describe, expect, it } from 'vitest';
import type { PrinterDetail } from '../../../contract/printer-settings.js';
import { changes, formOf } from './PrinterDialog.js';

const saved: PrinterDetail = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Bar',
  description: '',
  print_format: 'kitchen',
  connection: 'network',
  paper_width: '80mm',
  network_host: '10.0.0.5',
  network_port: 9100,
  has_cloud_token: false,
  status: 'online',
  last_seen_at: null,
  last_job: null,
};

describe('the printer dialog’s write', () => {
  it('names only the changed fields on an edit', () => {
    expect(changes(formOf(saved), saved)).toEqual({});
    expect(changes({ ...formOf(saved), paper_width: '58mm' }, saved)).toEqual({
      paper_width: '58mm',
    });
    expect(changes({ ...formOf(saved), network_port: '9101' }, saved)).toEqual({
      network_port: 9101,
    });
  });

  it('sends every field of a new printer, and the address only for a network one', () => {
    const cloud = { ...formOf(null), name: 'Star', connection: 'cloud' as const };
    expect(changes(cloud, null)).toEqual({
      name: 'Star',
      description: '',
      print_format: 'kitchen',
      connection: 'cloud',
      paper_width: '80mm',
    });
    const net = { ...formOf(null), name: 'Bar', connection: 'network' as const };
    expect(changes({ ...net, network_host: '10.0.0.9' }, null)).toMatchObject({
      network_host: '10.0.0.9',
      network_port: 9100,
    });
  });

  it('sends the address with a switch to network', () => {
    const browser = { ...saved, connection: 'none', network_host: null, network_port: null };
    const form = { ...formOf(browser), connection: 'network' as const, network_host: '10.0.0.7' };
    expect(changes(form, browser)).toEqual({
      connection: 'network',
      network_host: '10.0.0.7',
      network_port: 9100,
    });
  });
});
