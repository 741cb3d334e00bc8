/**
 * Feedback on a prediction (kind of message, reply owed), shared by the classify widget and the completion check.
 * Each part is graded by the course's completion-check grader on its own, so the feedback can say which part is
 * right; the sentence uses the learner's words (lib/predict-words.ts) and the model's description of the reply.
 * The grader's own longer text goes behind "Why?".
 */
import type { Classification } from '#message-model';
import { kindWords, replyWords } from '../lib/predict-words.ts';
import { verdictWord, withoutVerdictWord, type FeedbackView } from './feedback.ts';
import type { Course, Model } from './model.ts';
import { toCheckAnswer, type Prediction } from './predict.ts';

/** What to grade: a complete prediction about one message under one protocol. */
export interface PredictionToGrade {
  chapter: string;
  fixture: string;
  text: string;
  protocol: string;
  ask: ReadonlyArray<'kind' | 'reply'>;
  prediction: Prediction;
}

/** The feedback, how many parts are right, and the classification the grader compared against. */
export interface PredictionGrade {
  view: FeedbackView;
  correct: number;
  total: number;
  classification?: Classification;
}

export function gradePrediction(course: Course, model: Model, p: PredictionToGrade): PredictionGrade {
  const answer = toCheckAnswer(p.prediction);
  const grade = (ask: ReadonlyArray<'kind' | 'reply'>) => {
    const g = course.gradeCompletionCheck(
      {
        chapter: p.chapter,
        questions: [
          {
            id: 'predict',
            type: 'classify',
            fixture: p.fixture,
            protocol: p.protocol,
            ask: [...ask],
            prompt: 'Predict.',
          },
        ],
      },
      { predict: answer },
      { [p.fixture]: p.text },
    );
    return g.kind === 'graded' ? g.questions[0] : undefined;
  };
  const whole = grade(p.ask);
  const c = whole?.classification;
  if (!whole || !c)
    return {
      view: { tone: 'bad', verdict: 'Cannot be graded.', why: whole?.feedback ?? '' },
      correct: 0,
      total: p.ask.length,
    };
  const parts = p.ask.map((part) => ({ part, verdict: grade([part])?.verdict ?? 'invalid' }));
  const correct = parts.filter((x) => x.verdict === 'correct').length;
  const sentences = parts.map(({ part, verdict }) => {
    if (part === 'kind')
      return verdict === 'correct'
        ? `It is ${kindWords(c.kind)}.`
        : `You said ${kindWords(p.prediction.kind ?? '')}; it is ${kindWords(c.kind)}.`;
    const owed = model.describeReply(c.reply, c.protocol);
    const said = `${replyWords(p.prediction.send ?? '')}${p.prediction.send === 'error' ? ` (${p.prediction.code})` : ''}`;
    return verdict === 'correct' ? `The receiver owes ${owed}.` : `You said ${said}; the receiver owes ${owed}.`;
  });
  const more = withoutVerdictWord(whole.feedback);
  return {
    view: {
      ...verdictWord(correct === parts.length ? 'correct' : 'incorrect'),
      why: sentences.join(' '),
      ...(more ? { more } : {}),
    },
    correct,
    total: parts.length,
    classification: c,
  };
}
