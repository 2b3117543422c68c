import { academicDiploma } from './academic-diploma.ts';
import { artDecoDistinction } from './art-deco-distinction.ts';
import { awardOfMerit } from './award-of-merit.ts';
import { classicAchievement } from './classic-achievement.ts';
import { classicExcellence } from './classic-excellence.ts';
import { corporateRecognition } from './corporate-recognition.ts';
import { decoAppreciation } from './deco-appreciation.ts';
import { heritageAppreciation } from './heritage-appreciation.ts';
import type { TemplateSeed } from './kit.ts';
import { laurelExcellence } from './laurel-excellence.ts';
import { minimalAchievement } from './minimal-achievement.ts';
import { modernParticipation } from './modern-participation.ts';
import { professionalTraining } from './professional-training.ts';
import { softWavesCompletion } from './soft-waves-completion.ts';
import { trainingCompletion } from './training-completion.ts';
import { universityDiploma } from './university-diploma.ts';

/** The global templates a fresh install offers. */
export const TEMPLATES: readonly TemplateSeed[] = [
  classicAchievement,
  heritageAppreciation,
  academicDiploma,
  laurelExcellence,
  artDecoDistinction,
  corporateRecognition,
  trainingCompletion,
  modernParticipation,
  softWavesCompletion,
  minimalAchievement,
  universityDiploma,
  classicExcellence,
  professionalTraining,
  awardOfMerit,
  decoAppreciation,
];

export type { TemplateKind, TemplateSeed } from './kit.ts';
