import { textInput } from '../text-input.js';

/** The parse tool's input: a diagram only. */
export const parseInput = { diagram: textInput.diagram, file: textInput.file, format: textInput.format, name: textInput.name };
