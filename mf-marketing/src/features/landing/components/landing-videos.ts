import type { SelfHostedVideoProps } from '../../../components/self-hosted-video.tsx';
import { DECODER_DEMO_CAPTIONS, WELCOME_CAPTIONS } from '../domain/video-captions.ts';
import demoCaptions from '../media/decoder-demo.en.vtt';
import demoMp4 from '../media/decoder-demo.mp4';
import demoPoster from '../media/decoder-demo-poster.webp';
import demoWebm from '../media/decoder-demo.webm';
import welcomeCaptions from '../media/welcome.en.vtt';
import welcomeMp4 from '../media/welcome.mp4';
import welcomePoster from '../media/welcome-poster.webp';
import welcomeWebm from '../media/welcome.webm';

/** Both landing videos are encoded at 960×540: the player reserves that box before it loads. */
const landingVideo = (video: Omit<SelfHostedVideoProps, 'width' | 'height'>): SelfHostedVideoProps => ({ ...video, width: 960, height: 540 });

/** The landing page's videos (files in media/) as SelfHostedVideo shows them: name, files, transcript and caption. */
export const LANDING_VIDEOS = {
  decoderDemo: landingVideo({
    title: 'News Decoder demo',
    webm: demoWebm, mp4: demoMp4, poster: demoPoster, captions: demoCaptions, transcript: DECODER_DEMO_CAPTIONS,
    caption: 'A 24-second demo of the News Decoder on an example article. Silent, with captions.',
  }),
  welcome: landingVideo({
    title: 'Welcome to Keisha',
    webm: welcomeWebm, mp4: welcomeMp4, poster: welcomePoster, captions: welcomeCaptions, transcript: WELCOME_CAPTIONS,
    caption: 'A 20-second welcome. Silent, with captions.',
  }),
};
