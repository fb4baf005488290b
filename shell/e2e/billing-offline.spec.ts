import { expect, test } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';

// Every payment path completes offline, cancellation is self-service, and a return link is only a claim
// (issue 28, items 3, 4 and 7), clicked through on the whole platform with billing's sandboxes.

test('a guest sent from the paywall creates an account on /pricing and the same Bitcoin checkout opens', async ({ page }) => {
  test.setTimeout(150_000);
  const email = unique('resume');
  const password = 'pricing-harbor-lantern-73';
  // Where the decoder's paywall sends a guest who pressed "Pay $7 with Bitcoin" on the Monthly plan.
  await page.goto('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
  const resume = page.getByRole('region', { name: /Your checkout: Monthly plan/ });
  await expect(resume).toBeVisible();
  await resume.getByLabel('Email').fill(email);
  await resume.getByLabel('Password', { exact: true }).fill(password);
  await resume.getByLabel('Confirm password').fill(password);
  await resume.getByRole('button', { name: 'Create account and pay $7.00 with Bitcoin' }).click();

  // The same checkout: the sandbox's page for the Monthly plan at the Bitcoin price.
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
  await expect(page.getByText('Keisha Decoder Monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $7.00' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?subscription_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
});

test('PayPal through its sandbox: subscribe on /pricing, approve, verified on /thank-you; then cancel it on the account page', async ({ page }) => {
  test.setTimeout(180_000);
  const email = unique('paypal');
  await signUpOnDecoder(page, email);
  await page.goto('/pricing');
  const monthly = page.getByRole('article', { name: 'Monthly' });
  await monthly.getByRole('button', { name: 'Subscribe to the Monthly plan with PayPal (sandbox)' }).click();

  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/paypal\/I-SANDBOX-[A-Z0-9]+$/);
  await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Approve subscription' }).click();

  await expect(page).toHaveURL(/\/thank-you\?method=paypal&tier=monthly&amount=9\.99&subscription_id=I-SANDBOX-/);
  await expect(page.getByText(/^Confirmed: PayPal reports your subscription as active/)).toBeVisible();

  // The account page: a renewing plan, cancelled after a confirm step.
  await page.goto('/account');
  const plans = page.getByRole('list', { name: 'Your paid plans' });
  await expect(plans.getByText(/^Renews on /)).toBeVisible();
  await plans.getByRole('button', { name: 'Cancel plan' }).click();
  const confirm = plans.getByRole('alertdialog', { name: 'Cancel News Decoder Monthly?' });
  await expect(confirm).toContainText('will not renew');
  await confirm.getByRole('button', { name: 'Yes, cancel my plan' }).click();
  await expect(plans.getByText(/^News Decoder Monthly is cancelled\. It stays active until /)).toBeVisible();
  await expect(plans.getByText(/^Active until /)).toBeVisible();
  await expect(plans.getByText(/^Renews on /)).toHaveCount(0);
  // As it stands after a reload: billing's state, not the page's.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your paid plans' }).getByText(/^Active until /)).toBeVisible();
});

test('the chat: a paid upgrade is called successful only once billing says so, and is cancelled from Settings', async ({ page }) => {
  test.setTimeout(180_000);
  const email = unique('chatcancel');
  await signUpOnDecoder(page, email);

  // A made-up checkout id claims nothing.
  await page.goto('/payment-success?session_id=00000000-0000-4000-8000-000000000000');
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
  await expect(chat.getByText('Payment successful')).toHaveCount(0);

  await page.goto('/');
  await expect(chat.getByText(email)).toBeVisible();
  await chat.getByRole('complementary', { name: 'Side panel' }).getByRole('button', { name: 'Settings' }).click();
  const plans = chat.getByRole('region', { name: 'Plans' });
  await plans.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await chat.getByRole('button', { name: 'Proceed to Coinbase' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(chat.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(chat.getByText('Your Starter plan is active.')).toBeVisible();

  await chat.getByRole('button', { name: 'Go to Chat' }).click();
  await chat.getByRole('complementary', { name: 'Side panel' }).getByRole('button', { name: 'Settings' }).click();
  const account = chat.getByRole('region', { name: 'Account' });
  await expect(account.getByText('Renews on')).toBeVisible();
  await account.getByRole('button', { name: 'Cancel plan' }).click();
  const confirm = account.getByRole('alertdialog', { name: 'Cancel the Starter plan?' });
  await confirm.getByRole('button', { name: 'Yes, cancel my plan' }).click();
  await expect(account.getByText(/^Your Starter plan is cancelled\. It stays active until .* and will not renew\.$/)).toBeVisible();
  await expect(account.getByText('Active until', { exact: true })).toBeVisible();
  await expect(account.getByText('Renews on')).toHaveCount(0);
});

test('the FAQ says how to cancel', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'How do I cancel, or get help with a payment?' }).click();
  await expect(page.getByText(/press Cancel plan next to the plan/)).toBeVisible();
});
