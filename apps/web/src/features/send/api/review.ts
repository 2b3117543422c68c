import { userCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';

/** The page where the issuer writes their review (docs/product/send-wizard.md#calls: accounts/g2-review-uri); 503 when there is none. */
export const getReviewUrl = () => call(userCalls.getReviewUrl, {});

/** Records that the user has reviewed, so the prompt is not shown to them again (docs/product/send-wizard.md#calls: PUT users/{id} {review}). */
export const markReviewDone = (userId: number) => call(userCalls.updateUser, { params: { id: userId }, body: { review: true } });
