import { z } from 'zod';
import { generationOptionsInput, toolOptions } from '../option-schema.js';
import { textInput } from '../text-input.js';

export const makeInput = {
  entity: z.string().optional().describe('One entity by name, e.g. Post; without fields, regenerated from what class_data.json records'),
  ...textInput,
  ...toolOptions('make'),
  options: generationOptionsInput('make'),
  apply: z.boolean().optional().describe('Write the files; without it, nothing is written and the plan is returned'),
};
