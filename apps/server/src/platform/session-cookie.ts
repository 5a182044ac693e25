import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { sessionCookie } from './sessions.ts';

export function setSessionCookie(reply: FastifyReply, config: Config, secret: string, expiresAt: Date): void {
  reply.setCookie(sessionCookie, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookie, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
