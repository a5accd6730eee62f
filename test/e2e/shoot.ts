// Photographs screens of the built site at 1280 and 390 px, for reading them as their user would:
//   npx tsx test/e2e/shoot.ts start data what-if plan history   (screen names as in the top navigation)
// The PNGs go to test-results/layout/<screen>-<width>.png with the layout problems printed beside them.
import { launchBrowser, DIST } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { serveStatic } from './static-server.ts';

const screens = process.argv.slice(2);
const [browser, server] = await Promise.all([launchBrowser(), serveStatic(DIST)]);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names through a helper the page does not have (vitest does not need this)
  await page.addInitScript('window.__name = (f) => f');
  await page.goto(server.url);
  for (const screen of screens.length ? screens : ['start']) {
    const tab = page
      .getByRole('link', { name: new RegExp(`^${screen.replace('-', '.')}$`, 'i') })
      .or(page.getByRole('button', { name: new RegExp(`^${screen.replace('-', '.')}$`, 'i') }));
    if (screen !== 'start' || (await tab.count())) await tab.first().click();
    await page.waitForTimeout(1500);
    const problems = await layoutAtBothWidths(page, screen);
    console.log(`${screen}: ${problems.length ? problems.join('; ') : 'no layout problems'}`);
  }
} finally {
  await Promise.all([browser.close(), server.close()]);
}
