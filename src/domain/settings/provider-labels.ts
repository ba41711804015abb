// The card gateways as their merchants know them (the dashboard's forms and lists). Plain data in
// the domain, so a pane can name a provider without loading the API schemas.
import type { EcommProvider } from './schemas.js';

export const PROVIDER_LABELS: Record<EcommProvider, string> = {
  sandbox: 'Sandbox (test cards)',
  cardPointe: 'CardPointe',
  tsys: 'TSYS',
  tsys2: 'TSYS TransIT',
  authorizeNet: 'Authorize.Net',
  elavon: 'Elavon Converge',
};

export const providerLabel = (provider: string): string =>
  (PROVIDER_LABELS as Record<string, string>)[provider] ?? provider;
