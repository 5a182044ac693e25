import { describe, expect, it } from 'vitest';
import { outageOf } from './outages.ts';

describe('outageOf', () => {
  const wrapped = (cause: unknown) =>
    Object.assign(new Error('Failed query: select * from users where email = $1\nparams: someone@example.test'), {
      cause,
    });
  const coded = (code: string, message = 'the server said so') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', wrapped(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')), 'ECONNREFUSED'],
    ['a refused connection on every address', new AggregateError([coded('ECONNREFUSED')]), 'ECONNREFUSED'],
    ['a pool that cannot connect in time', wrapped(new Error('timeout exceeded when trying to connect')), 'timeout'],
    ['a connection cut mid-query', wrapped(new Error('Connection terminated unexpectedly')), 'Connection terminated'],
    ['a statement cancelled by its timeout', wrapped(coded('57014')), 'SQLSTATE 57014'],
    ['a server shutting down', wrapped(coded('57P01')), 'SQLSTATE 57P01'],
    ['too many connections', wrapped(coded('53300')), 'SQLSTATE 53300'],
    ['a connection exception', wrapped(coded('08006')), 'SQLSTATE 08006'],
    ['Redis gone while counting', new Error('Connection is closed.'), 'Connection is closed'],
    ['Redis silent past the command timeout', new Error('Command timed out'), 'Command timed out'],
    [
      'Redis gone, its offline queue off',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      'enableOfflineQueue',
    ],
    [
      'Redis retried in vain',
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      'max retries',
    ],
  ])('%s is an outage, named without the statement', (_, error, reason) => {
    const found = outageOf(error);
    expect(found?.reason).toContain(reason);
    expect(found?.reason).not.toContain('someone@example.test');
  });

  it.each([
    ['a unique violation', wrapped(coded('23505'))],
    ['a syntax error', wrapped(coded('42601'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error at all', 'a string'],
  ])('%s is not', (_, error) => {
    expect(outageOf(error)).toBeNull();
  });
});
