import { IconHero } from "../../modals/IconHero.tsx";
import { SparklesIcon } from "../../ui/icons.tsx";
import { TextFeedbackModal } from "./TextFeedbackModal.tsx";

export function ReferenceFeedbackModal() {
  return (
    <TextFeedbackModal
      kind="reference-feedback"
      subject="Reference image feedback:"
      hero={
        <IconHero
          icon={SparklesIcon}
          tint="bg-gradient-to-br from-violet-100 to-indigo-50 text-violet-600"
        />
      }
    />
  );
}

export function TestimonialInviteModal() {
  return (
    <TextFeedbackModal
      kind="testimonial-invite"
      subject="Testimonial:"
      hero={
        <div className="flex h-24 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-orange-50 text-4xl">
          <span aria-hidden="true">★★★★★</span>
        </div>
      }
    />
  );
}
