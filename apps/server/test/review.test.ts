import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

const REVIEW_URL = 'https://www.g2.com/products/laurel/take_survey';

let withReviews: TestLaurel;
let withoutReviews: TestLaurel;
beforeAll(async () => {
  [withReviews, withoutReviews] = await Promise.all([startTestLaurel({ env: { REVIEW_URL } }), startTestLaurel()]);
});
afterAll(async () => {
  await Promise.all([withReviews?.close(), withoutReviews?.close()]);
});

async function currentUser(client: ApiClient) {
  return (await client.get('/api/auth/current')).json<{ id: number; first_name: string; last_name: string; review: boolean }>();
}

describe('REVIEW_URL', () => {
  it('must be an https address', () => {
    expect(() => parseEnv({ REVIEW_URL: 'http://www.g2.com/products/laurel' })).toThrow(/REVIEW_URL must be an https:\/\/ address/);
    expect(() => parseEnv({ REVIEW_URL: 'https://' })).toThrow(/REVIEW_URL/);
    expect(parseEnv({ REVIEW_URL }).REVIEW_URL).toBe(REVIEW_URL);
    expect(parseEnv({ REVIEW_URL: '' }).REVIEW_URL).toBeUndefined();
  });
});

describe('review with REVIEW_URL set', () => {
  it('says reviews are on in the public config', async () => {
    expect((await new ApiClient(withReviews).get('/api/config')).json()).toMatchObject({ reviews_enabled: true });
  });

  it('lists the call in the OpenAPI document', async () => {
    const doc = (await new ApiClient(withReviews).get('/api/openapi.json')).json();
    expect(doc.paths['/api/accounts/g2-review-uri'].post.tags).toEqual(['users']);
  });

  it('gives account members the review address', async () => {
    const { client } = await registerConfirmedAdmin(withReviews);
    const response = await client.post('/api/accounts/g2-review-uri');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: REVIEW_URL });
  });

  it('asks who is calling: signed out is 401, a user without an account is 403', async () => {
    expect((await new ApiClient(withReviews).post('/api/accounts/g2-review-uri')).statusCode).toBe(401);
    const root = new ApiClient(withReviews);
    expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
    const refused = await root.post('/api/accounts/g2-review-uri');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).errors[0]).toBe('Action not allowed');
  });

  it('marks the review done on the current user only', async () => {
    const { client, user } = await registerConfirmedAdmin(withReviews);
    expect((await currentUser(client)).review).toBe(false);
    const response = await client.call('PUT', `/api/users/${user.id}`, { review: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, review: true });
    expect((await currentUser(client)).review).toBe(true);
  });

  it('refuses another user’s id with 404 and leaves their flag alone', async () => {
    const { client } = await registerConfirmedAdmin(withReviews);
    const other = await registerConfirmedAdmin(withReviews);
    const response = await client.call('PUT', `/api/users/${other.user.id}`, { review: true });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).errors[0]).toBe('Error 404. Page not found.');
    expect((await currentUser(other.client)).review).toBe(false);
    expect((await currentUser(client)).review).toBe(false);
  });

  it('refuses the review flag mixed into a profile update, and changes nothing', async () => {
    const { client, user } = await registerConfirmedAdmin(withReviews);
    const refusals: [unknown, string][] = [
      [{ review: true, password: GOOD_PASSWORD }, 'Unrecognized key: "password"'],
      [{ review: 'yes' }, 'Send first_name, last_name and password to update the profile, or review alone.'],
      [{}, 'Send first_name, last_name and password to update the profile, or review alone.'],
    ];
    for (const [body, message] of refusals) {
      const response = await client.call('PUT', `/api/users/${user.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors[0]).toBe(message);
    }
    expect(await currentUser(client)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', review: false });
  });
});

describe('review without REVIEW_URL', () => {
  it('is unavailable (503) and switched off in the public config', async () => {
    const { client } = await registerConfirmedAdmin(withoutReviews);
    const response = await client.post('/api/accounts/g2-review-uri');
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toMatchObject({ message: 'Review temporary unavailable', errors: ['Review temporary unavailable'] });
    expect((await new ApiClient(withoutReviews).get('/api/config')).json()).toMatchObject({ reviews_enabled: false });
  });
});

describe('profile update beside the review flag', () => {
  it('still updates the name, and still needs the right password', async () => {
    const { client, user } = await registerConfirmedAdmin(withoutReviews);
    const missing = await client.call('PUT', `/api/users/${user.id}`, { first_name: 'Augusta', last_name: 'King' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errors[0]).toBe('Send first_name, last_name and password to update the profile, or review alone.');
    const wrong = await client.call('PUT', `/api/users/${user.id}`, {
      first_name: 'Augusta',
      last_name: 'King',
      password: 'nope-nope-nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).errors[0]).toBe('Wrong password');
    expect(await currentUser(client)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });

    // The review flag is not a profile field: sent with one, it is dropped and the name is updated.
    const ok = await client.call('PUT', `/api/users/${user.id}`, {
      first_name: 'Augusta',
      last_name: 'King',
      password: GOOD_PASSWORD,
      review: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Success: Your account details have been updated.');
    expect(await currentUser(client)).toMatchObject({ first_name: 'Augusta', last_name: 'King', review: false });
  });
});
