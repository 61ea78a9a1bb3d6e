/**
 * People in the real shell, remote-admin, API and PGlite (no SMTP): the admin invites a reporter
 * (role Submitter) and copies the link shown once; the reporter, in a browser context of their own,
 * opens it signed out, sets a password (a common one is refused first), lands signed in and sees
 * exactly what the role allows. Prints the wall time from the admin's Invite click to the reporter's
 * first article list. The reporter then opens My account from the navbar, sets up two-factor
 * sign-in (the code computed here from the key the screen shows, as an authenticator app would), signs
 * out and signs in again with password and code. axe on the Users screen, the invite dialog, its form
 * with errors, the link dialog, the Roles screen, the role dialog with a role limited to a desk (a
 * category subtree, saved and shown in the list, then back to everywhere), the signed-out password
 * page with an error, My account, the two-factor set-up with its recovery codes and the sign-in's code step.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { USERS, expectNoAxeViolations, login, logout, navLink, newPage, remoteLabel, shot, visible, withApiAndBrowser } from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser();
const stamp = Date.now().toString(36);
const reporter = { name: `Riley Reporter ${stamp}`, email: `riley.${stamp}@newsroom.example` };

/** What an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** A choice of the open antd Select. */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content', {
    hasText: new RegExp(`^${text}$`),
  });

test('the admin invites a reporter; the reporter sets a password through the link and sees what the role allows', async () => {
  const { page: admin } = await newPage(e2e.browser, e2e.api.url);
  await login(admin, USERS.admin);
  await navLink(admin, 'Users').click();
  await admin.waitForURL((url) => url.pathname === '/admin/users');
  await visible(remoteLabel(admin, 'remote-admin'));
  await visible(admin.getByRole('cell', { name: 'Alex Admin', exact: true }));
  await expectNoAxeViolations(admin, 'Users');
  await shot(admin, 'people-users');

  // The invite dialog: submitting it empty shows the errors at the fields.
  await admin.getByRole('button', { name: 'Invite a person' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a person' });
  await visible(dialog);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await visible(dialog.getByText('Please enter Name'));
  await expectNoAxeViolations(admin, 'Invite dialog with errors');
  await shot(admin, 'people-invite-errors');

  await dialog.getByLabel('Name').fill(reporter.name);
  await dialog.getByLabel('Email').fill(reporter.email);
  await dialog.getByLabel('Roles').click();
  await option(admin, 'Submitter').click();
  await admin.keyboard.press('Escape');
  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();

  // No SMTP: the link is shown once.
  const linkDialog = admin.getByRole('dialog', { name: `Invitation for ${reporter.name}` });
  const linkField = linkDialog.getByTestId('account-link');
  await visible(linkField);
  const link = await linkField.inputValue();
  expect(link).toMatch(/\/invitation#[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(admin, 'Invitation link dialog');
  await shot(admin, 'people-invite-link');
  await linkDialog.getByRole('button', { name: 'Close' }).last().click();
  await visible(admin.getByRole('cell', { name: reporter.name, exact: true }));

  // The reporter, signed out in a context of their own.
  const { page: person } = await newPage(e2e.browser, e2e.api.url);
  await person.goto(link);
  await visible(person.getByText(`Hello ${reporter.name}`, { exact: false }));
  const password = person.getByLabel('New password', { exact: true });
  await password.fill('qwerty123456');
  await person.getByLabel('Repeat the password').fill('qwerty123456');
  await person.getByRole('button', { name: 'Save password and sign in' }).click();
  await visible(person.getByText(/too common/));
  await expectNoAxeViolations(person, 'Password page with an error');
  await shot(person, 'people-password-error');
  await password.fill('copper kettle whistles at dawn');
  await person.getByLabel('Repeat the password').fill('copper kettle whistles at dawn');
  await person.getByRole('button', { name: 'Save password and sign in' }).click();

  await person.waitForURL((url) => url.pathname === '/' || url.pathname === '/articles');
  await visible(remoteLabel(person, 'remote-articles'));
  await visible(person.locator('.ant-table'));
  const elapsed = Date.now() - clicked;
  console.log(`people: ${elapsed} ms from the admin's Invite click to the reporter's first article list (including typing)`);
  await shot(person, 'people-reporter-signed-in');

  // Exactly what a submitter may: the article list, no Import, Categories, Activity or Users.
  await visible(navLink(person, 'Articles'));
  for (const name of ['Import', 'Categories', 'Activity', 'Users']) expect(await navLink(person, name).count()).toBe(0);
  await person.goto(`${e2e.api.url}/admin/users`);
  await visible(person.getByText('You do not have access to users and roles'));

  // My account from the navbar's user name; two-factor set up with the key shown.
  await person.getByRole('link', { name: `My account: ${reporter.name}` }).click();
  await person.waitForURL((url) => url.pathname === '/account');
  await visible(person.getByRole('heading', { name: 'My account' }));
  await visible(person.getByTestId('this-device'));
  await expectNoAxeViolations(person, 'My account');
  await shot(person, 'people-my-account');
  const card = person.getByTestId('two-factor');
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await visible(card.getByRole('img', { name: 'QR code to add Newsdesk to an authenticator app' }));
  await expectNoAxeViolations(person, 'Two-factor set-up');
  await card.getByLabel('Code').fill(totp(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Your recovery codes' });
  await visible(codes);
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await expectNoAxeViolations(person, 'Recovery codes');
  await shot(person, 'people-recovery-codes');
  const firstCodes = await codes.getByRole('listitem').allTextContents();
  await card.getByRole('button', { name: 'I have kept them' }).click();
  await visible(card.getByText('On. 10 recovery codes left.'));

  // New recovery codes, confirmed by the password: a new list, the old one no longer works.
  await card.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = await visible(person.getByRole('dialog', { name: 'New recovery codes' }));
  await expectNoAxeViolations(person, 'New recovery codes dialog');
  await shot(person, 'people-renew-recovery-codes');
  await renew.getByLabel('Or your password').fill('copper kettle whistles at dawn');
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  await visible(codes);
  const renewedCodes = await codes.getByRole('listitem').allTextContents();
  expect(renewedCodes).toHaveLength(10);
  expect(renewedCodes.filter((one) => firstCodes.includes(one))).toEqual([]);
  await card.getByRole('button', { name: 'I have kept them' }).click();
  await visible(card.getByText('On. 10 recovery codes left.'));

  // Signed out and in again: the password, then the code (of the next step: a code works once).
  await logout(person);
  await person.waitForURL((url) => url.pathname === '/login');
  await person.getByLabel('Username').fill(reporter.email.toLowerCase());
  await person.getByLabel('Password').fill('copper kettle whistles at dawn');
  await person.getByRole('button', { name: 'Log in' }).click();
  const code = person.getByLabel('Code');
  await visible(code);
  await expectNoAxeViolations(person, 'Sign-in code step');
  await shot(person, 'people-sign-in-code');
  await code.fill(totp(secret, 1));
  await person.getByRole('button', { name: 'Verify' }).click();
  await person.waitForURL((url) => url.pathname !== '/login');
  await visible(navLink(person, 'Articles'));
  await person.context().close();

  // The admin sees them active now; the Roles screen.
  await admin.reload();
  const row = admin.getByRole('row').filter({ hasText: reporter.name });
  await visible(row.getByText('Active', { exact: true }));
  await admin.getByRole('link', { name: 'Roles', exact: true }).click();
  await admin.waitForURL((url) => url.pathname === '/admin/roles');
  // The URL changes before the Users screen leaves (its role column also reads "Submitter"): wait for
  // what only the Roles screen has.
  const editSubmitter = admin.getByRole('button', { name: 'Edit Submitter', exact: true });
  await visible(editSubmitter);
  await visible(admin.getByRole('cell', { name: 'Submitter', exact: true }));
  await editSubmitter.click();
  await visible(admin.getByRole('dialog', { name: 'Edit Submitter' }));
  await expectNoAxeViolations(admin, 'Role dialog');
  await shot(admin, 'people-role-dialog');

  // Limit the role's article rights to a desk (a category subtree) and see it in the roles list.
  const roleDialog = admin.getByRole('dialog', { name: 'Edit Submitter' });
  await roleDialog.getByRole('checkbox', { name: 'Limit the article rights to desks' }).check();
  await roleDialog.getByRole('combobox', { name: 'Desks (categories)' }).click();
  // The tree's node once its dropdown is open; the choice shown in the field before the dropdown closes.
  const sport = admin.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="Sport"]');
  await visible(sport);
  await sport.click();
  await visible(roleDialog.locator('.ant-select-selection-item', { hasText: 'Sport' }));
  await admin.keyboard.press('Escape');
  await admin.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
  await expectNoAxeViolations(admin, 'Role dialog with desks');
  await shot(admin, 'people-role-dialog-desks');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  const submitterRow = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Submitter', exact: true }) });
  await visible(submitterRow.getByText('Sport', { exact: true }));
  await expectNoAxeViolations(admin, 'Roles with a scoped role');
  await shot(admin, 'people-roles-scoped');
  // Back to everywhere (the demo role as it was).
  await admin.getByRole('button', { name: 'Edit Submitter' }).click();
  await roleDialog.getByRole('checkbox', { name: 'Limit the article rights to desks' }).uncheck();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await visible(submitterRow.getByText('Everywhere', { exact: true }));
  await admin.context().close();
});
