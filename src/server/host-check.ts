/**
 * Which Host a request may name. A DNS-rebinding page (attacker.example, its name pointed at the laptop's address)
 * sends its own name as Host and its own origin as Origin, so comparing the two proves nothing; the Host must be one
 * the server serves: localhost, the loopback addresses, the addresses it prints, --public-origin, and any name the
 * operator adds. MCP's transports ask the same of servers (2025-06-18 and later, basic/transports, Security
 * Warning: validate Origin "to prevent DNS rebinding attacks"); the TypeScript SDK's own guard checks Host the
 * same way, by a list of allowed hosts.
 */

/** Names every server answers to, whatever else it serves. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A check for request hosts: true when `host` (a Host header or a URL's host, with or without its port) names one of
 * `allowed` (host names or addresses, without ports; IPv6 addresses in brackets or not) or a loopback name.
 */
export function createHostCheck(allowed: readonly string[]): (host: string) => boolean {
  const names = new Set([...LOOPBACK, ...allowed.map(hostName)]);
  return (host) => names.has(hostName(host));
}

/** The name part of a host, lower-cased, without its port; an IPv6 address in brackets. */
function hostName(host: string): string {
  const text = host.trim().toLowerCase();
  if (text.startsWith('[')) return text.slice(0, text.indexOf(']') + 1);
  // A bare IPv6 address (two colons or more) has no port.
  if (text.split(':').length > 2) return `[${text}]`;
  return text.replace(/:\d*$/, '').replace(/\.$/, '');
}
