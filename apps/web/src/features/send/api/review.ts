import { userCalls } from '@laurel/domain';
import { call } from '../../api/call.ts';

/** The page where the issuer writes their review (spec 3 §7: accounts/g2-review-uri); 503 when there is none. */
export const getReviewUrl = () => call(userCalls.getReviewUrl, {});

/** Records that the user has reviewed, so the prompt is not shown to them again (spec 3 §7: PUT users/{id} {review}). */
export const markReviewDone = (userId: number) => call(userCalls.updateUser, { params: { id: userId }, body: { review: true } });
