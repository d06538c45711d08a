// /video-app: the video studio (decision 0800, features/video-app), code-split with the page.
import VideoStudio from "../../features/video-app/components/VideoStudio.tsx";

export default function VideoAppPage() {
  return <VideoStudio />;
}
