// Which network printers the server may open a socket to (issue 29). A merchant types a
// printer's address in the dashboard, so an unchecked address would let anyone with a store
// probe the server's own network. The rule: an IP literal (no name to re-resolve later) inside
// a range the operator allows (PRINTER_NETWORK_ALLOW, e.g. "10.20.0.0/16"; empty: no network
// printing at all), never a loopback, link-local, unspecified or cloud metadata address whatever
// the operator allows, and a port from 9100 to 9109 (raw printing ports, one per printer on a
// multi-port print server).
import { BlockList, isIP } from 'node:net';

export const PRINTER_PORT_MIN = 9100;
export const PRINTER_PORT_MAX = 9109;

/** Never reachable, whatever the operator's list says. */
const ALWAYS_REFUSED = new BlockList();
ALWAYS_REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
ALWAYS_REFUSED.addSubnet('127.0.0.0', 8, 'ipv4');
ALWAYS_REFUSED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, incl. 169.254.169.254 metadata
ALWAYS_REFUSED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
ALWAYS_REFUSED.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
ALWAYS_REFUSED.addAddress('255.255.255.255', 'ipv4');
ALWAYS_REFUSED.addAddress('::', 'ipv6');
ALWAYS_REFUSED.addAddress('::1', 'ipv6');
ALWAYS_REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
ALWAYS_REFUSED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
ALWAYS_REFUSED.addSubnet('ff00::', 8, 'ipv6'); // multicast

export interface PrinterNetworkPolicy {
  /** CIDR ranges ("10.20.0.0/16", "192.168.1.50/32", "fd12::/64"). */
  allow: readonly string[];
}

/** The operator's ranges as a BlockList; throws on a malformed entry (checked at start-up). */
export function allowList(policy: PrinterNetworkPolicy): BlockList {
  const list = new BlockList();
  for (const entry of policy.allow) {
    const [address, bits] = entry.trim().split('/');
    const family = isIP(address ?? '');
    if (family === 0) throw new Error(`PRINTER_NETWORK_ALLOW: "${entry}" is not an IP range`);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
      throw new Error(`PRINTER_NETWORK_ALLOW: "${entry}" has a bad prefix length`);
    list.addSubnet(address!, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** Why the server will not connect to host:port, in words for the merchant; null when it may. */
export function printerAddressProblem(
  host: string,
  port: number,
  allowed: BlockList,
): string | null {
  const family = isIP(host);
  if (family === 0) return 'Enter the printer’s IP address (for example 192.168.1.50)';
  if (!Number.isInteger(port) || port < PRINTER_PORT_MIN || port > PRINTER_PORT_MAX)
    return `The printer port must be from ${PRINTER_PORT_MIN} to ${PRINTER_PORT_MAX}`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is an IPv4 address in disguise: a printer is
  // typed as plain IPv4. (BlockList matches IPv4 against a mapped range, so it is no rule here.)
  if (family === 6 && /^::ffff:/i.test(host)) return 'This address cannot be a printer';
  if (ALWAYS_REFUSED.check(host, type)) return 'This address cannot be a printer';
  if (!allowed.check(host, type))
    return 'This address is outside the networks this server may print to';
  return null;
}
