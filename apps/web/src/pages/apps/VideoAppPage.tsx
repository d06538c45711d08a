// /video-app: issue 11's video studio (features/video-app), code-split with the page.
import VideoStudio from "../../features/video-app/components/VideoStudio.tsx";

export default function VideoAppPage() {
  return <VideoStudio />;
}
