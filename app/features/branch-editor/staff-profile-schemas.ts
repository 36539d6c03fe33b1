/**
 * The staff-profile forms (the people shown on the branch pages, not back-office accounts): the profile itself and
 * the list's move, show/hide and remove buttons, and a new profile's form. One schema each, for the browser and the action.
 */
import { z } from 'zod';
import { email, formText, line, phone, plainParagraphs, positiveId } from './branch-editor-schemas.ts';

export const STAFF_PROFILE_MESSAGES = {
  firstName: 'Enter the first name',
  surname: 'Enter the surname',
  jobTitle: 'Enter the role title, like Sales Negotiator',
  branch: 'Choose a branch from the list',
  version: 'Reload the page and make your changes again',
  profile: 'Choose a staff profile from the list',
  photoMissing: 'Choose a photo to upload',
  photoConflict:
    'Someone else changed this profile while you were choosing the photo, so it was not saved. Look at the photo shown now and upload yours again if it is still needed.',
  inUse:
    'This profile cannot be removed: properties, leads or a back-office account point at it. Hide it from the site instead.',
  bioTooLong: 'Enter 2000 characters or fewer',
  conflict:
    'Someone else saved this profile while you were editing it, so your changes were not saved. The form now shows their version: make your changes again.',
} as const;

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === '1', z.boolean());

export const staffProfileSchema = z.object({
  version: positiveId(STAFF_PROFILE_MESSAGES.version),
  first_name: line(60, STAFF_PROFILE_MESSAGES.firstName),
  surname: line(60, STAFF_PROFILE_MESSAGES.surname),
  job_title: line(100, STAFF_PROFILE_MESSAGES.jobTitle),
  bio: formText.transform(plainParagraphs).pipe(z.string().max(2_000, STAFF_PROFILE_MESSAGES.bioTooLong)),
  telephone_number: phone,
  email,
  branch_id: positiveId(STAFF_PROFILE_MESSAGES.branch),
  is_shown_on_site: checkbox,
});

export type StaffProfileForm = z.output<typeof staffProfileSchema>;

/** A new profile starts in the branch whose page it is added from (it can be moved after, on its own form). */
export const newStaffProfileSchema = staffProfileSchema.omit({ version: true, branch_id: true });

export type NewStaffProfileForm = z.output<typeof newStaffProfileSchema>;

/** The list's buttons: move a profile up or down the branch page, or show or hide it. */
export const staffListActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('move'),
    staff_id: positiveId(STAFF_PROFILE_MESSAGES.profile),
    direction: z.enum(['up', 'down'], { message: STAFF_PROFILE_MESSAGES.profile }),
  }),
  z.object({
    intent: z.literal('visibility'),
    staff_id: positiveId(STAFF_PROFILE_MESSAGES.profile),
    version: positiveId(STAFF_PROFILE_MESSAGES.version),
    is_shown_on_site: checkbox,
  }),
  z.object({
    intent: z.literal('remove'),
    staff_id: positiveId(STAFF_PROFILE_MESSAGES.profile),
    version: positiveId(STAFF_PROFILE_MESSAGES.version),
  }),
]);

/** The photo page's forms (the file itself is read by the media feature): which version it was chosen against. */
export const staffPhotoSchema = z.object({
  intent: z.enum(['upload', 'remove'], { message: STAFF_PROFILE_MESSAGES.photoMissing }),
  version: positiveId(STAFF_PROFILE_MESSAGES.version),
});
