import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let root: ApiClient;
beforeAll(async () => {
  laurel = await startTestLaurel();
  root = new ApiClient(laurel);
  expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

const videos = [
  { screen: 'build', title: 'Design your first certificate', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { screen: 'send', title: 'Sending to a list', url: 'https://vimeo.com/76979871' },
];

describe('tutorial videos', () => {
  it('are none until the operator adds some, then every signed-in user reads them', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    expect((await admin.client.get('/api/tutorial-videos')).json()).toEqual({ videos: [] });

    const saved = await root.call('PUT', '/api/admin/tutorial-videos', { videos });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.client.get('/api/tutorial-videos')).json()).toEqual({ videos });
    expect((await new ApiClient(laurel).get('/api/tutorial-videos')).statusCode).toBe(401);
  });

  it('are edited by super-admins only', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const response = await admin.client.call('PUT', '/api/admin/tutorial-videos', { videos: [] });
    expect(response.statusCode).toBe(403);
    expect((await admin.client.get('/api/tutorial-videos')).json().videos.length).toBeGreaterThan(0);
  });

  it('refuse an address that is not https', async () => {
    const response = await root.call('PUT', '/api/admin/tutorial-videos', {
      videos: [{ screen: 'store', title: 'Store', url: 'http://example.com/video' }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain('The video address must start with https://');
    const script = await root.call('PUT', '/api/admin/tutorial-videos', {
      videos: [{ screen: 'store', title: 'Store', url: 'javascript:alert(1)' }],
    });
    expect(script.statusCode).toBe(400);
  });
});
