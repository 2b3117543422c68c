import { api } from '../../api/client.ts';

/** The page where the issuer writes their review (spec 3 §7: accounts/g2-review-uri); 503 when there is none. */
export const getReviewUrl = () => api.post<{ url: string }>('/accounts/g2-review-uri');

/** Records that the user has reviewed, so the prompt is not shown to them again (spec 3 §7: PUT users/{id} {review}). */
export const markReviewDone = (userId: number) => api.put<{ success: boolean; review: boolean }>(`/users/${userId}`, { review: true });
