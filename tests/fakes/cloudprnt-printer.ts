// A Star CloudPRNT printer (issue 29; docs/protocols/star-cloudprnt.md), as the fake for our server: it
// POSTs the poll JSON with its status, GETs the job in the first media type offered, "prints" it
// (keeps the bytes) and DELETEs with its status code — 200 OK, or the error it is in (410 paper
// out). Knobs: lose the answer to a fetch (fetch twice), skip the confirm (a crash after printing).
export interface PrintedJob {
  contentType: string;
  body: Buffer;
  cut: string | null;
}

export interface CloudPrntPrinter {
  /** The status the printer reports and confirms with, e.g. "200 OK" or "410 Out of paper". */
  status: string;
  printed: PrintedJob[];
  /** One poll, fetch and confirm; true when a job was there. */
  cycle(opts?: { fetchTwice?: boolean; skipConfirm?: boolean }): Promise<boolean>;
  poll(): Promise<{ jobReady: boolean; mediaTypes?: string[] }>;
}

export function cloudPrntPrinter(url: string, token: string, mac = '00:11:62:aa:bb:cc') {
  const auth = `Basic ${Buffer.from(`printer:${token}`).toString('base64')}`;
  const printer: CloudPrntPrinter = {
    status: '200 OK',
    printed: [],
    async poll() {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          status: '23 8 0 0 0 0 0 0 0 ',
          printerMAC: mac,
          statusCode: encodeURIComponent(printer.status),
          printingInProgress: false,
          clientAction: null,
        }),
      });
      if (res.status !== 200) throw new Error(`poll answered ${res.status}`);
      return (await res.json()) as { jobReady: boolean; mediaTypes?: string[] };
    },
    async cycle(opts = {}) {
      const answer = await printer.poll();
      if (!answer.jobReady) return false;
      const type = answer.mediaTypes?.[0] ?? 'text/plain';
      const get = () =>
        fetch(`${url}?uid=${mac}&type=${encodeURIComponent(type)}&mac=${mac}`, {
          headers: { authorization: auth },
        });
      let res = await get();
      if (opts.fetchTwice) res = await get();
      if (res.status !== 200) throw new Error(`fetch answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      const ok = /^2/.test(printer.status);
      if (ok)
        printer.printed.push({
          contentType: res.headers.get('content-type') ?? '',
          body,
          cut: res.headers.get('x-star-cut'),
        });
      if (opts.skipConfirm) return true;
      const code = encodeURIComponent(printer.status);
      const del = await fetch(`${url}?mac=${mac}&uid=${mac}&code=${code}`, {
        method: 'DELETE',
        headers: { authorization: auth },
      });
      if (del.status !== 200) throw new Error(`confirm answered ${del.status}`);
      return true;
    },
  };
  return printer;
}
