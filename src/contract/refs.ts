// The routes the browser calls, as method and path only (RouteRef in ./route.ts). The store page's
// first load imports these rather than the routes, so it does not carry the zod schemas (bench/
// storefront); each ref is typed by its route, so a method or path that differs fails to compile.
import type { RouteRef } from './route.js';
import type * as captcha from './captcha.js';
import type * as cart from './cart.js';
import type * as checkout from './checkout.js';
import type * as contacts from './contacts.js';
import type * as customerSession from './customer-session.js';
import type * as customers from './customers.js';
import type * as diners from './diners.js';
import type * as files from './files.js';
import type * as hostedPayments from './hosted-payments.js';
import type * as menu from './menu.js';
import type * as menuWrites from './menu-writes.js';
import type * as menuStructure from './menu-structure.js';
import type * as merchantExport from './merchant-export.js';
import type * as merchantOrders from './merchant-orders.js';
import type * as merchantReports from './merchant-reports.js';
import type * as merchants from './merchants.js';
import type * as oidc from './oidc.js';
import type * as orders from './orders.js';
import type * as phoneOrders from './phone-orders.js';
import type * as printers from './printers.js';
import type * as promoCodes from './promo-codes.js';
import type * as storeSettings from './store-settings.js';
import type * as store from './store.js';
import type * as transactions from './transactions.js';
import type * as utils from './utils.js';
import type * as verification from './verification.js';

// captcha
export const getCaptchaSettings: RouteRef<typeof captcha.getCaptchaSettings> = {
  method: 'GET',
  path: '/api/captcha/settings',
};

// cart
export const getCart: RouteRef<typeof cart.getCart> = {
  method: 'GET',
  path: '/api/shoppingCarts/merchantId/:merchantId/userId/:uid',
};
export const addCartLines: RouteRef<typeof cart.addCartLines> = {
  method: 'POST',
  path: '/api/shoppingCarts/merchantId/:merchantId/orderItems/:uid',
};
export const updateCartLine: RouteRef<typeof cart.updateCartLine> = {
  method: 'PATCH',
  path: '/api/shoppingCarts/merchantId/:merchantId/orderItems/:uid/:lineId',
};
export const removeCartLines: RouteRef<typeof cart.removeCartLines> = {
  method: 'DELETE',
  path: '/api/shoppingCarts/merchantId/:merchantId/orderItems/:uid',
};

// checkout
export const putCheckoutInfo: RouteRef<typeof checkout.putCheckoutInfo> = {
  method: 'PUT',
  path: '/api/shoppingCarts/merchantId/:merchantId/checkoutInfo/:uid',
};
export const sendOrder: RouteRef<typeof checkout.sendOrder> = {
  method: 'POST',
  path: '/api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid',
};

// the hosted card page (Converge)
export const elavonTokenSession: RouteRef<typeof hostedPayments.elavonTokenSession> = {
  method: 'GET',
  path: '/api/elavons/amount/:amount/tokenSession',
};
export const finishHostedPayment: RouteRef<typeof hostedPayments.finishHostedPayment> = {
  method: 'POST',
  path: '/api/shoppingCarts/merchantId/:merchantId/hostedPayment/:uid',
};

// contacts
export const sendCustomerInfo: RouteRef<typeof contacts.sendCustomerInfo> = {
  method: 'POST',
  path: '/api/contacts/customerInfo',
};

// customer-session
export const customerIsAuth: RouteRef<typeof customerSession.customerIsAuth> = {
  method: 'GET',
  path: '/api/usersAuth/isAuth',
};

// customers
export const customerLogin: RouteRef<typeof customers.customerLogin> = {
  method: 'POST',
  path: '/api/usersAuth/userLogin',
};
export const customerLogout: RouteRef<typeof customers.customerLogout> = {
  method: 'POST',
  path: '/api/usersAuth/userLogout',
};
export const customerRegister: RouteRef<typeof customers.customerRegister> = {
  method: 'POST',
  path: '/api/usersAuth/userRegister',
};
export const getProfile: RouteRef<typeof customers.getProfile> = {
  method: 'GET',
  path: '/api/usersAuth/userInfo',
};
export const updateProfile: RouteRef<typeof customers.updateProfile> = {
  method: 'POST',
  path: '/api/usersAuth/updateUserInfo',
};
export const getOrderHistory: RouteRef<typeof customers.getOrderHistory> = {
  method: 'GET',
  path: '/api/usersAuth/getOrderHistory',
};
export const getLoyaltyPoints: RouteRef<typeof customers.getLoyaltyPoints> = {
  method: 'GET',
  path: '/api/usersAuth/getLoyaltyPoints',
};
export const requestPasswordReset: RouteRef<typeof customers.requestPasswordReset> = {
  method: 'POST',
  path: '/api/usersAuth/passwordReset/request',
};
export const confirmPasswordReset: RouteRef<typeof customers.confirmPasswordReset> = {
  method: 'POST',
  path: '/api/usersAuth/passwordReset/confirm',
};

// diners
export const dinerCookie: RouteRef<typeof diners.dinerCookie> = {
  method: 'GET',
  path: '/api/users/cookie',
};

// menu
export const listCategories: RouteRef<typeof menu.listCategories> = {
  method: 'GET',
  path: '/api/categories7/merchantId/:merchantId',
};
export const listFirstItems: RouteRef<typeof menu.listFirstItems> = {
  method: 'GET',
  path: '/api/items7/merchantId/:merchantId/limit/:n/items',
};
export const listItems: RouteRef<typeof menu.listItems> = {
  method: 'GET',
  path: '/api/items7/merchantId/:merchantId/items',
};

// merchants
export const merchantIsAuth: RouteRef<typeof merchants.merchantIsAuth> = {
  method: 'GET',
  path: '/api/merchantUsers/isAuth',
};
export const merchantLogin: RouteRef<typeof merchants.merchantLogin> = {
  method: 'POST',
  path: '/api/merchantUsers/merchantLogin',
};
export const merchantLogout: RouteRef<typeof merchants.merchantLogout> = {
  method: 'POST',
  path: '/api/merchantUsers/merchantLogout',
};

// merchant orders (the dashboard's Orders pane)
export const listMerchantOrders: RouteRef<typeof merchantOrders.listMerchantOrders> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/orders',
};
export const getLatestMerchantOrder: RouteRef<typeof merchantOrders.getLatestMerchantOrder> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/latestOrder',
};
export const getMerchantOrderById: RouteRef<typeof merchantOrders.getMerchantOrderById> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/order/_id/:id',
};
export const updateMerchantOrder: RouteRef<typeof merchantOrders.updateMerchantOrder> = {
  method: 'PUT',
  path: '/api/orders7/merchantId/:merchantId/order/_idOrder/:id',
};
export const acceptMerchantOrder: RouteRef<typeof merchantOrders.acceptMerchantOrder> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/order/_id/:id/accept',
};
export const markMerchantOrderReady: RouteRef<typeof merchantOrders.markMerchantOrderReady> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/order/_id/:id/ready',
};
export const completeMerchantOrder: RouteRef<typeof merchantOrders.completeMerchantOrder> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/order/_id/:id/complete',
};
export const cancelMerchantOrder: RouteRef<typeof merchantOrders.cancelMerchantOrder> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/order/_id/:id/cancel',
};
export const sendOrderTimeSms: RouteRef<typeof merchantOrders.sendOrderTimeSms> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/sendOrderTimeSMS',
};
export const createPhoneOrder: RouteRef<typeof phoneOrders.createPhoneOrder> = {
  method: 'POST',
  path: '/api/orders7/merchantId/:merchantId/order',
};
export const streamMerchantOrders: RouteRef<typeof merchantOrders.streamMerchantOrders> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/orders/stream',
};

// merchant export
export const exportMerchantStore: RouteRef<typeof merchantExport.exportMerchantStore> = {
  method: 'GET',
  path: '/api/merchantExports/merchantId/:merchantId/store.json',
};
export const exportMerchantOrdersCsv: RouteRef<typeof merchantExport.exportMerchantOrdersCsv> = {
  method: 'GET',
  path: '/api/merchantExports/merchantId/:merchantId/orders.csv',
};
export const exportMerchantOrdersJsonl: RouteRef<typeof merchantExport.exportMerchantOrdersJsonl> =
  {
    method: 'GET',
    path: '/api/merchantExports/merchantId/:merchantId/orders.jsonl',
  };

// merchant reports
export const getDailyReport: RouteRef<typeof merchantReports.getDailyReport> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/orders/daily',
};
export const getDailyReportCsv: RouteRef<typeof merchantReports.getDailyReportCsv> = {
  method: 'GET',
  path: '/api/orders7/merchantId/:merchantId/orders/daily/csv',
};

// oidc
export const listOidcProviders: RouteRef<typeof oidc.listOidcProviders> = {
  method: 'GET',
  path: '/api/usersAuth/oidc/providers',
};

// orders
export const getPlacedOrder: RouteRef<typeof orders.getPlacedOrder> = {
  method: 'GET',
  path: '/api/orderPlaced/merchantId/:merchantId/order/_id/:id',
};
export const streamPlacedOrder: RouteRef<typeof orders.streamPlacedOrder> = {
  method: 'GET',
  path: '/api/orderPlaced/merchantId/:merchantId/order/_id/:id/stream',
};

// store
export const getBusinessInfo: RouteRef<typeof store.getBusinessInfo> = {
  method: 'GET',
  path: '/api/businessInfos/merchantId/:merchantId/businessInfo',
};

// store settings (the merchant's own)
export const getMerchantBusinessInfo: RouteRef<typeof storeSettings.getMerchantBusinessInfo> = {
  method: 'GET',
  path: '/api/businessInfos/merchantId/:merchantId/businessInfo/settings',
};

export const updateBusinessInfo: RouteRef<typeof storeSettings.updateBusinessInfo> = {
  method: 'PUT',
  path: '/api/businessInfos/merchantId/:merchantId/businessInfo',
};
export const changeMerchantPassword: RouteRef<typeof storeSettings.changeMerchantPassword> = {
  method: 'POST',
  path: '/api/merchantUsers/merchantId/:merchantId/password',
};
export const updateCategory: RouteRef<typeof menuWrites.updateCategory> = {
  method: 'PUT',
  path: '/api/categories7/merchantId/:merchantId/_id/:id',
};
export const deleteCategoryPromo: RouteRef<typeof menuWrites.deleteCategoryPromo> = {
  method: 'DELETE',
  path: '/api/categories7/merchantId/:merchantId/promoMethod/:id',
};

// transactions (void and tip adjustment)
export const getOrderTransaction: RouteRef<typeof transactions.getOrderTransaction> = {
  method: 'GET',
  path: '/api/transactions/merchantId/:merchantId/orderId/:orderId',
};
export const voidTransaction: RouteRef<typeof transactions.voidTransaction> = {
  method: 'PUT',
  path: '/api/transactions/merchantId/:merchantId/transactionId/:transactionId/void',
};
export const adjustTransactionTips: RouteRef<typeof transactions.adjustTransactionTips> = {
  method: 'PUT',
  path: '/api/transactions/merchantId/:merchantId/transactionId/:transactionId',
};
export const listPaymentChecks: RouteRef<typeof transactions.listPaymentChecks> = {
  method: 'GET',
  path: '/api/transactions/merchantId/:merchantId/paymentChecks',
};
export const resolvePaymentCheck: RouteRef<typeof transactions.resolvePaymentCheck> = {
  method: 'PUT',
  path: '/api/transactions/merchantId/:merchantId/paymentChecks/:orderId',
};

// utils
export const getMapSettings: RouteRef<typeof utils.getMapSettings> = {
  method: 'GET',
  path: '/api/utils/mapSettings',
};
export const getAddressSuggestions: RouteRef<typeof utils.getAddressSuggestions> = {
  method: 'GET',
  path: '/api/utils/addressSuggestions',
};

// verification
export const sendVerificationCode: RouteRef<typeof verification.sendVerificationCode> = {
  method: 'POST',
  path: '/api/verification/sendVeriCode',
};
export const verifyPhone: RouteRef<typeof verification.verifyPhone> = {
  method: 'POST',
  path: '/api/verification/verifyPhone',
};

// menu pane
export const addItem: RouteRef<typeof menuWrites.addItem> = {
  method: 'POST',
  path: '/api/items7/merchantId/:merchantId/item',
};
export const updateItem: RouteRef<typeof menuWrites.updateItem> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/item/:id',
};
export const completeItem: RouteRef<typeof menuWrites.completeItem> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/item_complete/:id',
};
export const deleteItem: RouteRef<typeof menuWrites.deleteItem> = {
  method: 'DELETE',
  path: '/api/items7/merchantId/:merchantId/item/:id',
};
export const addItemSize: RouteRef<typeof menuWrites.addItemSize> = {
  method: 'POST',
  path: '/api/items7/merchantId/:merchantId/itemSize/:id',
};
export const deleteItemSize: RouteRef<typeof menuWrites.deleteItemSize> = {
  method: 'DELETE',
  path: '/api/items7/merchantId/:merchantId/itemSize/:id/:sizeId',
};
export const addItemOption: RouteRef<typeof menuWrites.addItemOption> = {
  method: 'POST',
  path: '/api/items7/merchantId/:merchantId/itemOption/:id',
};
export const deleteItemOption: RouteRef<typeof menuWrites.deleteItemOption> = {
  method: 'DELETE',
  path: '/api/items7/merchantId/:merchantId/itemOption/:id/:optionId',
};
export const addItemOptionValue: RouteRef<typeof menuWrites.addItemOptionValue> = {
  method: 'POST',
  path: '/api/items7/merchantId/:merchantId/itemOptionValue/:id/:optionId',
};
export const deleteItemOptionValue: RouteRef<typeof menuWrites.deleteItemOptionValue> = {
  method: 'DELETE',
  path: '/api/items7/merchantId/:merchantId/itemOptionValue/:id/:optionId/:valueId',
};
export const uploadFile: RouteRef<typeof files.uploadFile> = {
  method: 'POST',
  path: '/api/files/upload',
};
export const removeUpload: RouteRef<typeof files.removeUpload> = {
  method: 'DELETE',
  path: '/api/files/remove/fileName/:name',
};
export const listPrinters: RouteRef<typeof printers.listPrinters> = {
  method: 'GET',
  path: '/api/printers/merchantId/:merchantId/printers',
};

// menu pane: the menu's structure and in-place edits (issue 28)
export const addCategory: RouteRef<typeof menuStructure.addCategory> = {
  method: 'POST',
  path: '/api/categories7/merchantId/:merchantId/category',
};
export const editCategory: RouteRef<typeof menuStructure.editCategory> = {
  method: 'PUT',
  path: '/api/categories7/merchantId/:merchantId/category/:id',
};
export const deleteCategory: RouteRef<typeof menuStructure.deleteCategory> = {
  method: 'DELETE',
  path: '/api/categories7/merchantId/:merchantId/category/:id',
};
export const orderCategories: RouteRef<typeof menuStructure.orderCategories> = {
  method: 'PUT',
  path: '/api/categories7/merchantId/:merchantId/order',
};
export const orderItems: RouteRef<typeof menuStructure.orderItems> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/order/:id',
};
export const editItemSize: RouteRef<typeof menuStructure.editItemSize> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/itemSize/:id/:sizeId',
};
export const editItemOption: RouteRef<typeof menuStructure.editItemOption> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/itemOption/:id/:optionId',
};
export const editItemOptionValue: RouteRef<typeof menuStructure.editItemOptionValue> = {
  method: 'PUT',
  path: '/api/items7/merchantId/:merchantId/itemOptionValue/:id/:optionId/:valueId',
};
// promo codes (the Store pane, issue 28)
export const listPromoCodes: RouteRef<typeof promoCodes.listPromoCodes> = {
  method: 'GET',
  path: '/api/promoCodes/merchantId/:merchantId',
};
export const createPromoCode: RouteRef<typeof promoCodes.createPromoCode> = {
  method: 'POST',
  path: '/api/promoCodes/merchantId/:merchantId',
};
export const updatePromoCode: RouteRef<typeof promoCodes.updatePromoCode> = {
  method: 'PUT',
  path: '/api/promoCodes/merchantId/:merchantId/_id/:id',
};
export const deletePromoCode: RouteRef<typeof promoCodes.deletePromoCode> = {
  method: 'DELETE',
  path: '/api/promoCodes/merchantId/:merchantId/_id/:id',
};
