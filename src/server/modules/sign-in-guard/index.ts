// The sign-in guard's public file (docs/decisions/module-boundaries.md): merchant and customer
// sign-in ask it before checking a password (docs/decisions/sign-in-guesses.md).
export { isKnownBrowser, rememberBrowser } from './known-browser.js';
export {
  SIGN_IN_RULE,
  type SignInKind,
  type SignInSource,
  type SignInTry,
  admitSignInTry,
  forgetSignInFailures,
  purgeForgottenSignInFailures,
  signInAccountKey,
  signInSucceeded,
} from './sign-in-guard.service.js';
