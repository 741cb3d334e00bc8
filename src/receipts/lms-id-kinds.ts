/**
 * The kinds of LMS identifier a room may ask learners for (src/room/lms-id-check.ts checks each), shared by the
 * room's wire format, the gradebook files and the export controls. No dependencies: every page may load it.
 */
export const LMS_ID_KINDS = ['login', 'email', 'student-id'] as const;
export type LmsIdKind = (typeof LMS_ID_KINDS)[number];
