// TransIT GenerateKey: exchanges the merchant's TransIT login (mid, userID, password) for the
// transactionKey every later call carries [S-TS5][S-TS7]. Runs on the server only (spec C7.71,
// unsafe as the original did it): the key goes into the merchant's encrypted credentials and no
// answer to a browser carries it. The password is not kept, logged, or put in any error.
import { type TransitKeyRequest } from '../../../../contract/payment-credentials.js';
import { GatewayUnavailable } from '../types.js';
import {
  TRANSIT_DEFAULT_TIMEOUT_MS,
  type TransitFields,
  scrubMessage,
  textOf,
  transitCall,
  transitEndpoint,
} from './wire.js';

/** TransIT answered FAIL to GenerateKey (wrong MID, user or password, locked account…). */
export class TransitKeyError extends Error {
  constructor(
    message: string,
    readonly responseCode: string,
  ) {
    super(message);
    this.name = 'TransitKeyError';
  }
}

/**
 * Throws TransitKeyError on FAIL (with the gateway's responseMessage, the password scrubbed out)
 * and GatewayUnavailable when TransIT cannot be reached or answers nothing readable (nothing is at
 * stake: the merchant simply tries again).
 */
export async function generateTransitKey(
  req: TransitKeyRequest,
  opts: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<{ transactionKey: string }> {
  const fields: TransitFields = {
    mid: req.mid,
    userID: req.userId,
    password: req.password,
    deviceID: req.deviceId,
    ...(req.developerId ? { developerID: req.developerId } : {}),
  };
  let answer;
  try {
    answer = await transitCall('GenerateKey', fields, {
      url: transitEndpoint(req.environment, opts.baseUrl),
      timeoutMs: opts.timeoutMs ?? TRANSIT_DEFAULT_TIMEOUT_MS,
      moneyMoving: false,
    });
  } catch (err) {
    if (err instanceof GatewayUnavailable) throw err;
    throw new GatewayUnavailable('TransIT did not answer the key request');
  }
  const secrets = [req.password, req.userId];
  if (answer.status === 'FAIL') {
    const said = scrubMessage(answer.responseMessage, secrets) || 'no reason given';
    throw new TransitKeyError(`TransIT refused the key request: ${said}`, answer.responseCode);
  }
  const transactionKey = textOf(answer.fields.transactionKey);
  if (!transactionKey || !/^[A-Za-z0-9]{1,64}$/.test(transactionKey)) {
    throw new GatewayUnavailable('TransIT answered the key request without a usable key');
  }
  return { transactionKey };
}
