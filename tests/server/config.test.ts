// The operator's settings for payment providers and the upload bucket: each provider's keys come
// all together or not at all, an unknown environment word stops the start, and optional addresses
// stay unset when empty.
import { describe, expect, it } from 'vitest';
import { paymentKeys, s3Settings } from '../../server/config';

describe('payment provider keys', () => {
  it('configures no provider when no key is set', () => {
    expect(paymentKeys({})).toEqual({});
  });

  it('reads each provider whose keys are all set, with its defaults', () => {
    const keys = paymentKeys({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH1',
      PHONEPE_CLIENT_ID: 'M1',
      PHONEPE_CLIENT_SECRET: 's',
      PHONEPE_CLIENT_VERSION: '2',
      PHONEPE_BASE_URL: '',
    });
    expect(keys).toEqual({
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', baseUrl: undefined },
      paypal: { clientId: 'id', clientSecret: 'secret', webhookId: 'WH1', environment: 'live', baseUrl: undefined },
      phonepe: {
        clientId: 'M1',
        clientSecret: 's',
        clientVersion: 2,
        environment: 'PRODUCTION',
        callbackUser: undefined,
        callbackPassword: undefined,
        baseUrl: undefined,
      },
    });
  });

  it('refuses to start with a provider half configured, naming the missing keys', () => {
    expect(() => paymentKeys({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      'PayPal is half configured: set PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID too, or none of its keys.',
    );
    expect(() => paymentKeys({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow('set STRIPE_SECRET_KEY too');
  });

  it('refuses an unknown environment word', () => {
    expect(() => paymentKeys({ PAYPAL_ENV: 'test' })).toThrow('PAYPAL_ENV must be live or sandbox, got "test"');
    expect(() => paymentKeys({ PHONEPE_ENV: 'UAT' })).toThrow('PHONEPE_ENV must be PRODUCTION or SANDBOX, got "UAT"');
  });
});

describe('the upload bucket', () => {
  it('is off without S3_BUCKET, and takes its keys as a pair or not at all', () => {
    expect(s3Settings({})).toBeUndefined();
    expect(s3Settings({ S3_BUCKET: 'b' })).toMatchObject({ bucket: 'b', region: 'us-east-1', credentials: undefined });
    expect(s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' })?.credentials).toEqual({
      accessKeyId: 'a',
      secretAccessKey: 's',
    });
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow('The S3 bucket is half configured');
  });
});
