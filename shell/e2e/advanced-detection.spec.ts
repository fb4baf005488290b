import { expect, test, type Page } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';

// Advanced detection (issue 28, item 1), the way readers meet it: a guest and a free reader see what it would
// add, locked, with the way to upgrade; a reader who bought Monthly in billing's sandbox sees the per-sentence
// strip, the clauses that hide who acted and the sourcing balance of the article they analysed.

const ARTICLE =
  'Shots were fired near Elm Street on Friday night, and a 19-year-old man was killed. ' +
  'Police Chief Dan Reyes said the officers followed protocol. ' +
  '"We were scared," said Maria Lopez, a longtime resident of the block. ' +
  'Angry protesters claimed the teen was unarmed, and critics blamed urban youth and thugs for the chaos.';

interface Catalogue {
  decoder: { plans: Array<{ tier: string; usage_limit: number | null; bitcoin_price: { cents: number } }> };
}

function price(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

async function analyse(page: Page) {
  const article = page.getByRole('textbox', { name: 'Article text' });
  if ((await article.inputValue()) !== ARTICLE) await article.fill(ARTICLE);
  await page.getByRole('button', { name: 'RUN ANALYSIS' }).click();
  const result = page.getByRole('region', { name: 'AI Agent Analysis' });
  await expect(result.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible();
  return result;
}

async function expectTeaser(page: Page) {
  const result = page.getByRole('region', { name: 'AI Agent Analysis' });
  const teaser = result.getByRole('region', { name: /Advanced detection/ });
  await expect(teaser).toBeVisible();
  await expect(teaser.getByText('Monthly and Annual plans add to every analysis:')).toBeVisible();
  await expect(teaser.getByRole('listitem')).toHaveText([
    /^Sentence-by-sentence bias strip/,
    /^Agency-hiding/,
    /^Sourcing balance/,
  ]);
  await expect(teaser.getByRole('link', { name: 'Upgrade to see it' })).toHaveAttribute('href', '/pricing');
  // The teaser names the parts; the computed data is not in the page.
  await expect(result.getByRole('group', { name: 'Bias of each sentence' })).toHaveCount(0);
  await expect(result.getByRole('table', { name: 'Who is quoted or cited' })).toHaveCount(0);
}

/**
 * A reader at an address of their own: the suite's other guests and unconfirmed sign-ups share loopback's 3
 * analyses a day, which this file's four analyses would otherwise take from them (decoder.spec.ts met its paywall
 * early so).
 */
const ownAddress = (page: Page, address: string) =>
  page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));

test('a guest sees what advanced detection would add, locked, with the way to upgrade', async ({ page }) => {
  await ownAddress(page, '198.51.100.71');
  await page.goto('/bias-detection');
  await expect(page.getByText('Guest User')).toBeVisible();
  await analyse(page);
  await expectTeaser(page);
});

test('a reader who buys Monthly in the sandbox sees the strip, agency-hiding and sourcing of their article', async ({ page }) => {
  test.setTimeout(180_000);
  await ownAddress(page, '198.51.100.72');
  const catalogue = (await (await page.request.get('/api/billing/plans')).json()) as Catalogue;
  const free = catalogue.decoder.plans.find((plan) => plan.tier === 'free')!;
  const monthly = catalogue.decoder.plans.find((plan) => plan.tier === 'monthly')!;
  await signUpOnDecoder(page, unique('advanced'));

  // A free reader gets the teaser too, for each of the day's analyses.
  for (let used = 1; used <= free.usage_limit!; used++) {
    await analyse(page);
    await expect(page.getByText(`${used} of ${free.usage_limit} analyses used today`)).toBeVisible();
    if (used === 1) await expectTeaser(page);
  }
  await page.getByRole('button', { name: 'RUN ANALYSIS' }).click();
  const paywall = page.getByRole('dialog', { name: 'Daily Limit Reached' });
  await paywall.getByRole('region', { name: 'Monthly' }).getByRole('button', { name: `Pay ${price(monthly.bitcoin_price.cents)} with Bitcoin` }).click();
  await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the News Decoder' }).click();
  await expect(page).toHaveURL(/\/bias-detection$/);

  const result = await analyse(page);
  const advanced = result.getByRole('region', { name: 'Advanced detection' });
  await expect(advanced).toBeVisible();
  await expect(advanced.getByRole('link', { name: 'Upgrade to see it' })).toHaveCount(0);

  // The strip: one segment per sentence, and a chosen sentence's own text.
  const strip = advanced.getByRole('group', { name: 'Bias of each sentence' });
  await expect(strip.getByRole('button')).toHaveCount(4);
  await strip.getByRole('button', { name: /^Sentence 2: score \d+$/ }).click();
  await expect(advanced.getByText('Police Chief Dan Reyes said the officers followed protocol.', { exact: false }).first()).toBeVisible();
  await expect(advanced.getByRole('list', { name: 'Most loaded sentences' }).getByRole('listitem')).toHaveCount(3);

  // Agency-hiding: the two clauses that say nobody fired and nobody killed.
  const agency = advanced.getByRole('region', { name: 'Agency-hiding' });
  await expect(agency.getByText('2 passive clauses; 2 do not say who acted, 2 of them about harm done to someone.')).toBeVisible();
  await expect(agency.getByRole('listitem')).toHaveText(['were fired (harm, no agent named)', 'was killed (harm, no agent named)']);

  // Sourcing: one official, two community sources, one of them reported with a doubting verb.
  const sourcing = advanced.getByRole('region', { name: 'Sourcing balance' });
  const table = sourcing.getByRole('table', { name: 'Who is quoted or cited' });
  await expect(table.getByRole('row', { name: 'Officials and police 1 0' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Residents and community 2 1' })).toBeVisible();
  await expect(sourcing.getByText('Maria Lopez')).toBeVisible();

  // No model is configured in the end-to-end platform: the second opinion says so.
  await expect(advanced.getByRole('region', { name: 'Second opinion' })).toContainText('No language model is configured');
});
