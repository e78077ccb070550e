/**
 * Fair shares per client: what one client address may hold at once (HTTP requests, tool calls) and
 * how often it may call a rate-limited tool, so that one client cannot take what the others need.
 *
 * A client is its address as the server sees it: an IPv4 address, or the /64 network of an IPv6 one
 * (one host is usually given a whole /64). Behind a reverse proxy every client has the proxy's address,
 * and these limits apply to all of them together: raise them there, or let the proxy limit per client.
 */

/**
 * The key a client's counters are kept under, from the socket's remote address.
 * @param {string | undefined} address
 */
export function clientKey(address) {
  const text = String(address ?? 'unknown').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1];
  if (!text.includes(':')) return text;
  // The first four groups of the expanded address: its /64.
  const [head, tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Counts of what each client holds now; a key with nothing held is dropped.
 * @param {number} perClient
 */
export function createSlots(perClient) {
  /** @type {Map<string, number>} */
  const held = new Map();
  return {
    /**
     * Takes a slot for `key`; returns its release function, or undefined when the client has none left.
     * @param {string} key
     * @returns {(() => void) | undefined}
     */
    take(key) {
      const count = held.get(key) ?? 0;
      if (count >= perClient) return undefined;
      held.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    held: (/** @type {string} */ key) => held.get(key) ?? 0,
  };
}

/** A sliding one-minute window of events per client and name. */
export function createRateLimiter(now = () => Date.now()) {
  /** @type {Map<string, number[]>} */
  const events = new Map();
  return {
    /**
     * Records one event for key and name if fewer than perMinute happened in the last minute.
     * @param {string} key
     * @param {string} name
     * @param {number} perMinute
     */
    allow(key, name, perMinute) {
      const id = `${name}\u0000${key}`;
      const at = now();
      const recent = (events.get(id) ?? []).filter((time) => at - time < 60_000);
      if (recent.length >= perMinute) {
        events.set(id, recent);
        return false;
      }
      recent.push(at);
      events.set(id, recent);
      // Keys of clients that went quiet are dropped now and then, so the map does not grow for ever.
      if (events.size > 10_000) {
        for (const [other, times] of events) if (!times.some((time) => at - time < 60_000)) events.delete(other);
      }
      return true;
    },
  };
}
