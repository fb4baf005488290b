import { defineConfig } from 'vitest/config';
import { vitestPreset } from '@keisha/config/vitest';
export default defineConfig(vitestPreset);
