import { type TutorialVideos, tutorialCalls } from '@laurel/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';

export const TUTORIALS_KEY = ['tutorial-videos'] as const;

export const getTutorialVideos = () => call(tutorialCalls.getTutorialVideos, {});

export const saveTutorialVideos = (body: TutorialVideos) => call(tutorialCalls.setTutorialVideos, { body });

/** Read once per visit: the operator changes them rarely. */
export function useTutorialVideos() {
  return useQuery({ queryKey: TUTORIALS_KEY, queryFn: getTutorialVideos, staleTime: 10 * 60_000 });
}
