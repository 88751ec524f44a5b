import type { StubName } from '../../emit/artifact-table.js';

/**
 * Placeholders of 3.x stubs that 4.0 no longer passes, with the name that replaced them. A published
 * `request.stub` is not read at all any more: `request.store.stub` and `request.update.stub` replace it.
 */
export const RENAMED_PLACEHOLDERS: Readonly<Partial<Record<StubName, Readonly<Record<string, string>>>>> = {
  dto: { attributesFromRequest: 'attributesFromValidated' },
};

export const UNREAD_STUBS: Readonly<Record<string, string>> = {
  request: 'request.store.stub and request.update.stub',
};
