import { z } from 'zod';
import {
  locationField,
  nicknameValueField,
  storyLimits,
  storyMessages,
  storyTextField,
  storyTitleField,
  type Story,
} from '@fics/contracts';

/** The fic form's fields (spec 001 §2 New fic); the location is asked when sending. */
export interface StoryFormValues {
  title: string;
  /** Quill's HTML. */
  text: string;
  /** The cropped PNG chosen in this session; null keeps the current cover (edit) or is refused (new). */
  cover: Blob | null;
  tags: string[];
  anonymity: boolean;
  /** The pseudonym switch. */
  nickname: boolean;
  nicknameValue: string;
  /** 'Contiene información personal' (issue 22.7). */
  personal: boolean;
  location: string;
  locationURL: string | null;
}

/** Markup without words: Quill's empty editor is '<p><br></p>'. */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() === ''
  );
}

// A refinement rather than z.custom's own check: z.custom's failure aborts the object, and then the
// pseudonym's rule would wait until the cover is chosen to say anything.
const coverSchema = (required: boolean) =>
  z
    .custom<Blob | null>()
    .refine((value) => value instanceof Blob || (!required && value === null), storyMessages.imageRequired);

/**
 * Spec 001 §5 Fic form, from the contracts' fields and messages: title 2 to 50, a body with words,
 * the cover on a new fic, a pseudonym's value (at most 20) when its switch is on, tags within their
 * limits, a place of at most 30.
 */
export function storyFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      title: storyTitleField,
      text: storyTextField.refine((html) => !isBlankHtml(html), storyMessages.textRequired),
      cover: coverSchema(mode === 'create'),
      tags: z
        .array(z.string().max(storyLimits.tagMax, storyMessages.tagMax))
        .max(storyLimits.tagsMax, storyMessages.tagsMax),
      anonymity: z.boolean(),
      nickname: z.boolean(),
      nicknameValue: nicknameValueField,
      personal: z.boolean(),
      location: locationField,
      locationURL: z.string().nullable(),
    })
    .refine((value) => !value.nickname || value.nicknameValue.trim() !== '', {
      path: ['nicknameValue'],
      message: storyMessages.nicknameRequired,
      // Checked with the other fields' messages, not only once they are all valid (zod's default).
      when: ({ value }) => typeof value === 'object' && value !== null,
    });
}

export type StoryFormOutput = z.output<ReturnType<typeof storyFormSchema>>;

/** The form's first values: empty for a new fic, the fic's own in edit mode. */
export function initialValues(story?: Story): StoryFormValues {
  return {
    title: story?.title ?? '',
    text: story?.text ?? '',
    cover: null,
    tags: story?.tags ?? [],
    anonymity: story?.anonymity ?? false,
    nickname: story?.nickname ?? false,
    nicknameValue: story?.nicknameValue ?? '',
    personal: story?.personal ?? false,
    location: story?.location ?? '',
    locationURL: story?.locationURL ?? null,
  };
}
