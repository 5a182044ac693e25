import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCartItem, applyCoupon, cartReply, updateCartItem } from '@portal/domain/commerce/cart.ts';
import { cartQuoteInput, quoteIssued } from '@portal/domain/commerce/quotes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as cart from './service.ts';

const itemParams = z.object({ itemId: z.uuid('Not a cart item id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['cart'];
const response = { 200: cartReply };

/** The member's event cart; every change answers with the whole cart, priced on the server. */
export const cartRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/cart', { config: signedIn, schema: { tags, response } }, async (request) =>
    cart.getCart(deps, caller(request)),
  );

  app.post('/cart/items', { config: signedIn, schema: { tags, body: addCartItem, response } }, async (request) =>
    cart.addItem(deps, caller(request), request.body),
  );

  app.patch(
    '/cart/items/:itemId',
    { config: signedIn, schema: { tags, params: itemParams, body: updateCartItem, response } },
    async (request) => cart.updateItem(deps, caller(request), request.params.itemId, request.body.numberOfTickets),
  );

  app.delete(
    '/cart/items/:itemId',
    { config: signedIn, schema: { tags, params: itemParams, response } },
    async (request) => cart.removeItem(deps, caller(request), request.params.itemId),
  );

  app.post('/cart/coupon', { config: signedIn, schema: { tags, body: applyCoupon, response } }, async (request) =>
    cart.applyCoupon(deps, caller(request), request.body.code),
  );

  app.post(
    '/cart/quote',
    { config: signedIn, schema: { tags, body: cartQuoteInput, response: { 201: quoteIssued } } },
    async (request, reply) =>
      reply.status(201).send(await cart.quoteCart(deps, caller(request), request.body.organizationId)),
  );

  app.delete('/cart/coupon', { config: signedIn, schema: { tags, response } }, async (request) =>
    cart.removeCoupon(deps, caller(request)),
  );
};
