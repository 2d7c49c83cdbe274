import {
  changeEmailBody,
  changePasswordBody,
  codeLoginBody,
  contract,
  emailBody,
  linkTokenBody,
  profileBody,
  resetPasswordBody,
} from '@voltcart/shared';
import { clientAddress, withRetryAfter } from '../../lib/rate-limit';
import { resource } from '../../lib/routes';
import * as account from './account.service';

const M = account.ACCOUNT_MESSAGES;
const api = contract.user;

/** A shopper's way back in (reset, sign-in code), profile edits and data rights. */
export function accountRoutes() {
  const { app, on } = resource('/user');

  on(api.forgotPassword, { body: emailBody }, async (c, input) => {
    const { email } = await input.body();
    await account.forgotPassword(c.var, email, clientAddress(c)).catch(withRetryAfter(c));
    return { msg: M.linkSent };
  });

  on(api.resetPassword, { body: resetPasswordBody }, async (c, input) => {
    const { token, password } = await input.body();
    return { msg: M.passwordReset, ...(await account.resetPassword(c.var, token, password)) };
  });

  on(api.requestCode, { body: emailBody }, async (c, input) => {
    const { email } = await input.body();
    await account.requestSignInCode(c.var, email, clientAddress(c)).catch(withRetryAfter(c));
    return { msg: M.codeSent };
  });

  on(api.codeLogin, { body: codeLoginBody }, async (c, input) => {
    const body = await input.body();
    const reply = await account.codeLogin(c.var, body, clientAddress(c)).catch(withRetryAfter(c));
    return { msg: 'Logged in successfully.', ...reply };
  });

  on(api.updateProfile, { body: profileBody }, async (c, input) => {
    const { name } = await input.body();
    return { msg: M.nameSaved, user: await account.updateName(c.var, c.var.principal!.id, name) };
  });

  on(api.changeEmail, { body: changeEmailBody }, async (c, input) => {
    const body = await input.body();
    await account
      .requestEmailChange(c.var, c.var.principal!.id, body, clientAddress(c))
      .catch(withRetryAfter(c));
    return { msg: M.emailConfirmSent };
  });

  on(api.sendVerification, async (c) => {
    await account.sendVerificationLink(c.var, c.var.principal!.id).catch(withRetryAfter(c));
    return { msg: M.verifySent };
  });

  on(api.verifyEmail, { body: linkTokenBody }, async (c, input) => {
    await account.confirmVerification(c.var, (await input.body()).token);
    return { msg: M.verified };
  });

  on(api.confirmEmail, { body: linkTokenBody }, async (c, input) => {
    await account.confirmEmailChange(c.var, (await input.body()).token);
    return { msg: M.emailChanged };
  });

  on(api.changePassword, { body: changePasswordBody }, async (c, input) => {
    const body = await input.body();
    const reply = await account
      .changePassword(c.var, c.var.principal!.id, body, clientAddress(c))
      .catch(withRetryAfter(c));
    return { msg: M.passwordChanged, ...reply };
  });

  on(api.exportData, async (c) => ({
    msg: 'Your data.',
    data: await account.exportData(c.var, c.var.principal!.id),
  }));

  on(api.requestDeletion, async (c) => {
    await account.requestDeletion(c.var, c.var.principal!.id);
    return { msg: M.deleteSent };
  });

  on(api.confirmDeletion, { body: linkTokenBody }, async (c, input) => {
    await account.confirmDeletion(c.var, (await input.body()).token);
    return { msg: M.deleted };
  });

  return app;
}
