import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

describe('profile', () => {
  it('updates the name only with the right password', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const wrong = await client.call('PUT', `/api/users/${user.id}`, {
      first_name: 'Augusta',
      last_name: 'King',
      password: 'nope-nope-nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).errors[0]).toBe('Wrong password');
    const ok = await client.call('PUT', `/api/users/${user.id}`, { first_name: 'Augusta', last_name: 'King', password: GOOD_PASSWORD });
    expect(ok.json().message).toBe('Success: Your account details have been updated.');
    expect((await client.get('/api/auth/current')).json()).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
  });

  it('stops password guessing from an open session: the sixth wrong password answers 429, even for a right one', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    for (let i = 0; i < 3; i++) {
      const wrong = await client.call('PUT', `/api/users/${user.id}`, {
        first_name: 'A',
        last_name: 'B',
        password: `wrong-guess-${i}-abc`,
      });
      expect(wrong.statusCode).toBe(403);
    }
    for (let i = 0; i < 2; i++) {
      const wrong = await client.post(`/api/users/${user.id}/update-password`, {
        oldPassword: `wrong-old-${i}-abc`,
        newPassword: 'another-long-passphrase-7',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await client.call('PUT', `/api/users/${user.id}`, { first_name: 'A', last_name: 'B', password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const unchanged = (await client.get('/api/auth/current')).json();
    expect(unchanged).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('cannot touch another user (404, not 403)', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    const other = await registerConfirmedAdmin(laurel);
    const response = await client.call('PUT', `/api/users/${other.user.id}`, { first_name: 'X', last_name: 'Y', password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(404);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    const elsewhere = new ApiClient(laurel);
    await elsewhere.login(email, GOOD_PASSWORD);
    const wrongOld = await client.post(`/api/users/${user.id}/update-password`, {
      oldPassword: 'not-it-at-all',
      newPassword: 'fresh-garden-tulip-9',
    });
    expect(errorOf(wrongOld).errors[0]).toBe('The current password is incorrect.');
    const common = await client.post(`/api/users/${user.id}/update-password`, { oldPassword: GOOD_PASSWORD, newPassword: 'iloveyou' });
    expect(common.statusCode).toBe(400);
    const ok = await client.post(`/api/users/${user.id}/update-password`, {
      oldPassword: GOOD_PASSWORD,
      newPassword: 'fresh-garden-tulip-9',
    });
    expect(ok.json().message).toBe('Password has been successfully updated.');
    expect((await client.get('/api/auth/current')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/current')).statusCode).toBe(401);
  });

  it('changes the email with the mailed six-digit code, and refuses wrong codes', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    expect((await client.post(`/api/users/${user.id}/request-email-confirmation-code`)).json()).toEqual({ success: true });
    const mail = await laurel.lastMailTo(email);
    const code = /code is (\d{6})/.exec(mail.text)![1]!;
    const newEmail = uniqueEmail('moved');
    const wrong = await client.post(`/api/users/${user.id}/update-email`, {
      new_email: newEmail,
      email_confirmation_code: code === '000000' ? '111111' : '000000',
    });
    expect(errorOf(wrong).errors[0]).toBe('Wrong confirmation code.');
    const invalid = await client.post(`/api/users/${user.id}/update-email`, { new_email: 'not-an-email', email_confirmation_code: code });
    expect(errorOf(invalid).errors[0]).toBe('Invalid email format');
    const ok = await client.post(`/api/users/${user.id}/update-email`, { new_email: newEmail, email_confirmation_code: code });
    expect(ok.json()).toMatchObject({ message: 'Email has been successfully changed.', user: { email: newEmail } });
    expect((await new ApiClient(laurel).login(newEmail, GOOD_PASSWORD)).statusCode).toBe(200);
    const reuse = await client.post(`/api/users/${user.id}/update-email`, { new_email: uniqueEmail(), email_confirmation_code: code });
    expect(reuse.statusCode).toBe(400);
  });

  it('stops guessing after 5 wrong codes', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    await client.post(`/api/users/${user.id}/request-email-confirmation-code`);
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post(`/api/users/${user.id}/update-email`, { new_email: uniqueEmail(), email_confirmation_code: `99999${i}` }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await client.post(`/api/users/${user.id}/update-email`, { new_email: uniqueEmail(), email_confirmation_code: '123456' })).statusCode,
    ).toBe(429);
  });
});
