import { describe, expect, it } from 'vitest';
import { IMAGES } from '../docker/images.ts';
import { imageProblems, projectNode, type InspectedImage } from './image-checks.ts';

const identity = IMAGES.find((image) => image.name === 'keisha/identity-service')!;
/** What podman reports for an identity image built as the list says. */
const built = (): InspectedImage => ({
  Config: {
    Env: ['PATH=/usr/local/bin:/usr/bin', ...Object.entries(identity.env).map(([k, v]) => `${k}=${v}`)],
    Cmd: [...identity.command],
    WorkingDir: identity.workdir,
    User: '1000:1000',
  },
  // podman 4.3 reports the HEALTHCHECK here, beside Config, not in it.
  Healthcheck: { Test: ['CMD', 'node', '-e', '...'] },
});

describe('a built image against the image list', () => {
  it('finds nothing wrong with an image built as listed', () => {
    expect(imageProblems(identity, built(), `v${projectNode()}\n`)).toEqual([]);
  });

  it('names each difference', () => {
    const image = built();
    image.Config.Env = image.Config.Env!.map((pair) => (pair.startsWith('PORT=') ? 'PORT=8080' : pair));
    image.Config.Cmd = ['node', 'server.js'];
    image.Config.User = 'root';
    delete image.Healthcheck;
    const problems = imageProblems(identity, image, 'v22.0.0');
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT is "8080"/);
    expect(problems.join('\n')).toMatch(/runs as "root"/);
    expect(problems.join('\n')).toMatch(/no health check/);
    expect(problems.join('\n')).toMatch(/runs Node v22\.0\.0/);
  });
});
