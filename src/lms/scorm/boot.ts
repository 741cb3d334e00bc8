/**
 * Loaded on every page: when an LMS launched the page (a SCORM API is found above it), loads the SCORM adapter
 * (adapter.ts); otherwise does nothing more than look at window.API and window.API_1484_11 up the frame chain, so
 * the course outside an LMS is unchanged. Browser only.
 */
import { findScormApi } from './find-api.ts';

const found = findScormApi(window, new URLSearchParams(window.location.search).get('lms'));
if (found) void import('./adapter.ts').then((m) => m.startScorm(found));
