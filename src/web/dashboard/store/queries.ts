// The Store pane's calls (spec §7 "Business info", "Categories"; docs/decisions/store-settings.md),
// through the contract's refs: the merchant's whole settings (the same read as the Orders pane),
// the save of one section, the password change, and a category's hours and promotion. Each save
// answers the saved record, which replaces the pane's copy at once. The card gateway's read and
// save (ours, docs/decisions/payment-credentials.md) are called through their routes: the pane
// loads the credential schemas for its form anyway.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPaymentGateway,
  type PaymentGatewayView,
  savePaymentGateway,
} from '../../../contract/payment-gateway.js';
import type { TransitKeyRequest } from '../../../contract/payment-credentials.js';
import { tsys2GenerateKey } from '../../../contract/provider-routes-tsys2.js';
import {
  changeMerchantPassword,
  deleteCategoryPromo,
  updateBusinessInfo,
  updateCategory,
} from '../../../contract/refs.js';
import type { RouteAnswer, RouteBody } from '../../../contract/route.js';
import { hasMerchantId } from '../../../domain/merchant-rules/store.js';
import { MESSAGES } from '../../../domain/messages.js';
import { call } from '../../lib/api.js';
import { menuKeys, type MenuCategory } from '../menu/queries.js';
import { ordersKeys } from '../orders/queries.js';

export { useMerchantSettings } from '../orders/queries.js';
export { useMenuCategories } from '../menu/queries.js';

export type SettingsSave = RouteBody<typeof updateBusinessInfo>;
export type MerchantSettings = RouteAnswer<typeof updateBusinessInfo>;
export type CategoryUpdate = RouteBody<typeof updateCategory>;

/**
 * Spec §5: a notification or store setting is saved only when the loaded info names its
 * merchantId; without it nothing is sent and the pane says "Internal error" (checklist V5.98).
 */
export class MissingMerchantIdError extends Error {
  override readonly name = 'MissingMerchantIdError';
  constructor() {
    super(MESSAGES.INTERNAL_ERROR);
  }
}

/**
 * A section's save, sent with the settingsVersion of the settings the pane shows: when another
 * save landed since, the server answers 409 and the section says "changed by someone else".
 */
export function useSaveSettings(merchantId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSave) => {
      if (!merchantId || !hasMerchantId({ merchantId })) throw new MissingMerchantIdError();
      const shown = client.getQueryData<MerchantSettings>(ordersKeys.settings(merchantId));
      const settingsVersion = body.settingsVersion ?? shown?.settingsVersion;
      return call(updateBusinessInfo, {
        params: { merchantId },
        body: settingsVersion === undefined ? body : { ...body, settingsVersion },
      });
    },
    onSuccess: (saved) => client.setQueryData(ordersKeys.settings(merchantId ?? ''), saved),
  });
}

/** The card gateway and a summary of its saved credentials (never a secret). */
export const gatewayKey = (merchantId: string) => ['paymentGateway', merchantId] as const;
export type PaymentGatewaySave = RouteBody<typeof savePaymentGateway>;

export function usePaymentGateway(merchantId: string) {
  return useQuery({
    queryKey: gatewayKey(merchantId),
    queryFn: ({ signal }) => call(getPaymentGateway, { params: { merchantId } }, signal),
  });
}

/** Saves the provider with its credentials; the settings are read again (their ecomm_provider). */
export function useSavePaymentGateway(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentGatewaySave) =>
      call(savePaymentGateway, { params: { merchantId }, body }),
    onSuccess: (saved) => gatewaySaved(client, merchantId, saved),
  });
}

/** What every save of the gateway does with its answer. */
export function gatewaySaved(
  client: ReturnType<typeof useQueryClient>,
  merchantId: string,
  saved: PaymentGatewayView,
) {
  client.setQueryData(gatewayKey(merchantId), saved);
  void client.invalidateQueries({ queryKey: ordersKeys.settings(merchantId) });
}

export function useChangePassword(merchantId: string) {
  return useMutation({
    mutationFn: (body: RouteBody<typeof changeMerchantPassword>) =>
      call(changeMerchantPassword, { params: { merchantId }, body }),
  });
}

function replaceCategory(list: MenuCategory[] | undefined, saved: MenuCategory) {
  return list?.map((c) => (c._id === saved._id ? saved : c));
}

/** A category's hours or promotion; `promoMethod: null` removes the promotion. */
export function useSaveCategory(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CategoryUpdate | { promoMethod: null } }) =>
      'promoMethod' in body && body.promoMethod === null
        ? call(deleteCategoryPromo, { params: { merchantId, id } })
        : call(updateCategory, { params: { merchantId, id }, body: body as CategoryUpdate }),
    onSuccess: (saved) =>
      client.setQueryData<MenuCategory[]>(menuKeys.categories(merchantId), (list) =>
        replaceCategory(list, saved),
      ),
  });
}

/**
 * TransIT's GenerateKey for the store, run on the server (the key never reaches the browser),
 * then the gateway's read again (PaymentGatewaySection's "Get a transaction key…").
 */
export const generateTransitKey =
  (merchantId: string) =>
  async (provider: 'tsys' | 'tsys2', login: TransitKeyRequest): Promise<PaymentGatewayView> => {
    await call(tsys2GenerateKey, { body: { ...login, provider } });
    return call(getPaymentGateway, { params: { merchantId } });
  };
