import { defineConfig } from 'vitest/config';
import { vitestDomPreset } from '@keisha/config/vitest';

export default defineConfig(vitestDomPreset);
