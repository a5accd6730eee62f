import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const mode = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const pss = async () => {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo') as any;
  let r = 0;
  for (const { id, type } of processInfo) if (type === 'renderer') r += Number(/Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))![1]) / 1024;
  await cdp.detach();
  return r.toFixed(0);
};
await page.goto('data:text/html,<title>x</title>');
await page.evaluate((mode) => {
  const a = `onmessage = (e) => { const n = e.data; const out = []; for (let i = 0; i < n; i++) out.push(new Float64Array(1 << 20).fill(i)); postMessage(out, out.map((x) => x.buffer)); };`;
  const b = `let sum = 0; onmessage = (e) => { for (const x of e.data) { sum += x[5]; ${mode === 'transfer0' ? 'x.buffer.transfer(0);' : mode === 'copy' ? 'new Float64Array(x);' : ''} } postMessage(sum); };`;
  const wa = new Worker(URL.createObjectURL(new Blob([a]))), wb = new Worker(URL.createObjectURL(new Blob([b])));
  (window as any).round = (n: number) => new Promise((r) => {
    wa.onmessage = (e) => { wb.onmessage = (f) => r(f.data); wb.postMessage(e.data, e.data.map((x: Float64Array) => x.buffer)); };
    wa.postMessage(n);
  });
}, mode);
console.log(mode, 'start', await pss());
const out = [];
for (let k = 0; k < 8; k++) {
  await page.evaluate(() => (window as any).round(10));
  await new Promise((r) => setTimeout(r, 300));
  out.push(await pss());
}
await new Promise((r) => setTimeout(r, 5000));
console.log(out.join(' '), 'after 5 s idle', await pss());
await browser.close();
