/**
 * The hosted pages shown in the shop's card frame tell the frame their height, so the widget sizes the frame to
 * the page (no Pay button scrolling inside it). The height is no secret, hence "*"; the widget takes it only from
 * this page's origin and its own frame, and clamps it. The height is the content's (the root element's box), not
 * `scrollHeight`, which never falls below the frame's own height: a frame sized once could never shrink again.
 */
export const POST_HEIGHT_SCRIPT = `<script>
(function () {
  if (window.parent === window) return;
  var post = function () {
    window.parent.postMessage({ source: 'checkout', type: 'resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) }, '*');
  };
  post();
  if (window.ResizeObserver) new ResizeObserver(post).observe(document.documentElement);
  else window.addEventListener('resize', post);
})();
</script>`;
