// Every module's routes, registered in one place. Each route declares its access rule
// (plugins/access.ts); the authorization matrix and the fuzzer walk whatever is listed here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { customerAuthRoutes } from './modules/customers/customer-auth.routes.js';
import { imageRoutes } from './modules/images/images.routes.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { merchantAuthRoutes } from './modules/merchants/merchant-auth.routes.js';
import { printerRoutes } from './modules/printers/printers.routes.js';
import { storeRoutes } from './modules/store/store.routes.js';

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(imageRoutes(ctx));
  await app.register(storeRoutes(ctx));
  await app.register(menuRoutes(ctx));
  await app.register(merchantAuthRoutes(ctx));
  await app.register(customerAuthRoutes(ctx));
  await app.register(printerRoutes(ctx));
}
