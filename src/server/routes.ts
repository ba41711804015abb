// Every module's routes, registered in one place. Each route declares its access rule
// (plugins/access.ts); the authorization matrix and the fuzzer walk whatever is listed here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.js';
import { outboxLifecycle } from './modules/outbox/outbox.routes.js';
import { utilsRoutes } from './modules/utils/utils.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { customerAccountRoutes } from './modules/customers/customer-account.routes.js';
import { customerAuthRoutes } from './modules/customers/customer-auth.routes.js';
import { customerOidcRoutes } from './modules/customers/oidc.routes.js';
import { dinerRoutes } from './modules/diners/diners.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { imageRoutes } from './modules/images/images.routes.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { menuWriteRoutes } from './modules/menu/menu-writes.routes.js';
import { menuStructureRoutes } from './modules/menu/menu-structure.routes.js';
import { merchantAuthRoutes } from './modules/merchants/merchant-auth.routes.js';
import { cloudPrntRoutes } from './modules/printers/cloudprnt.routes.js';
import { printerAdminRoutes } from './modules/printers/printer-admin.routes.js';
import { printerRoutes } from './modules/printers/printers.routes.js';
import { promoCodeRoutes } from './modules/promo/promo-codes.routes.js';
import { promoRoutes } from './modules/promo/promo.routes.js';
import { storeRoutes } from './modules/store/store.routes.js';
import { orderPlacedRoutes } from './modules/order-placed/order-placed.routes.js';
import { hostedPaymentRoutes } from './modules/checkout/hosted-payment.routes.js';
import { sendOrderRoutes } from './modules/checkout/send-order.routes.js';
import { phoneOrderRoutes } from './modules/checkout/phone-order.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { transactionRoutes } from './modules/transactions/transactions.routes.js';
import { paymentGatewayRoutes } from './modules/payments/payment-gateway.routes.js';
import { merchantOrderRoutes } from './modules/merchant-orders/merchant-orders.routes.js';
import { merchantExportRoutes } from './modules/merchant-export/merchant-export.routes.js';
import { merchantReportRoutes } from './modules/merchant-reports/merchant-reports.routes.js';
import { orderStreamRoutes } from './modules/order-events/order-stream.routes.js';
import { testControlRoutes } from './modules/test-controls/test-controls.routes.js';
import { providerRoutes } from './modules/provider-routes/provider-routes.routes.js';
import * as transactionsService from './modules/transactions/index.js';
import { setPaymentProvider } from './modules/payments/index.js';

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(imageRoutes(ctx));
  await app.register(storeRoutes(ctx));
  await app.register(menuRoutes(ctx));
  await app.register(menuWriteRoutes(ctx));
  await app.register(menuStructureRoutes(ctx));
  await app.register(merchantAuthRoutes(ctx));
  await app.register(customerAuthRoutes(ctx));
  await app.register(customerAccountRoutes(ctx));
  await app.register(customerOidcRoutes(ctx));
  await app.register(printerRoutes(ctx));
  await app.register(printerAdminRoutes(ctx));
  await app.register(cloudPrntRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(transactionRoutes(ctx));
  await app.register(paymentGatewayRoutes(ctx));
  await app.register(merchantOrderRoutes(ctx));
  await app.register(merchantReportRoutes(ctx));
  await app.register(merchantExportRoutes(ctx));
  await app.register(orderStreamRoutes(ctx));
  await app.register(dinerRoutes(ctx));
  await app.register(cartRoutes(ctx));
  await app.register(promoRoutes(ctx));
  await app.register(promoCodeRoutes(ctx));
  await app.register(verificationRoutes(ctx));
  await app.register(orderPlacedRoutes(ctx));
  await app.register(sendOrderRoutes(ctx));
  await app.register(phoneOrderRoutes(ctx));
  await app.register(hostedPaymentRoutes(ctx));
  await app.register(outboxLifecycle(ctx));
  await app.register(captchaRoutes(ctx));
  await app.register(utilsRoutes(ctx));
  await app.register(contactsRoutes(ctx));
  // The spec's provider paths onto the transactions service and the payment credentials, which
  // their modules do not publish: handed in here, where modules are wired together.
  await app.register(
    providerRoutes(ctx, {
      getOrderTransaction: transactionsService.getOrderTransaction,
      voidTransaction: transactionsService.voidTransaction,
      adjustTransactionTips: transactionsService.adjustTransactionTips,
      setPaymentProvider,
    }),
  );
  // Development only: the plugin registers nothing when NODE_ENV=production.
  await app.register(devOutboxRoutes(ctx));
  // Browser journeys only: registers nothing unless TEST_CONTROLS=true (refused in production).
  await app.register(testControlRoutes(ctx));
}
