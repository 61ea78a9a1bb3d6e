/**
 * SSRF guard: which IP addresses a feed fetch may connect to. Only globally routable unicast
 * addresses pass by default; private (RFC 1918), loopback, link-local (incl. cloud metadata
 * 169.254.169.254), CGNAT, multicast, broadcast, unspecified, reserved, IPv6 unique-local,
 * site-local, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused.
 * IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 * Exceptions come from configuration: allow every private address, or given networks (CIDR).
 */
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** IMPORT_ALLOW_PRIVATE_HOSTS: every address is allowed (a trusted intranet deployment). */
  allowPrivate: boolean;
  /** IMPORT_ALLOWED_NETWORKS: CIDR ranges (or single addresses) allowed even when not public. */
  allowedNetworks: readonly string[];
}

export const STRICT_POLICY: AddressPolicy = { allowPrivate: false, allowedNetworks: [] };

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

function parseNetwork(entry: string): [Parsed, number] | null {
  const text = entry.trim();
  if (!text) return null;
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.process(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Throws on a malformed network entry (config validation). */
export function validateNetworks(entries: readonly string[]): void {
  for (const entry of entries) {
    if (parseNetwork(entry) === null) throw new Error(`"${entry}" is not an IP address or CIDR range`);
  }
}

/** The ipaddr.js range name of an address ('unicast' = public), after unwrapping IPv4-mapped IPv6. */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  return ipaddr.process(address).range();
}

/** Whether a fetch may connect to `address` (an IP literal) under `policy`. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (policy.allowPrivate) return true;
  if (parsed.range() === 'unicast') return true;
  for (const entry of policy.allowedNetworks) {
    const network = parseNetwork(entry);
    if (network && network[0].kind() === parsed.kind() && parsed.match(network as [never, number])) return true;
  }
  return false;
}

/** The parameters of the refusal of an address (code import_refused_address: the same words everywhere). */
export function refusedAddressParams(host: string, address: string): { where: string; range: string } {
  const range = addressRange(address);
  const where = host === address ? address : `${host} (${address})`;
  return { where, range };
}
