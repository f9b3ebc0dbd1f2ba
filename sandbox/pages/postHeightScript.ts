/**
 * The hosted pages shown in the shop's card frame tell the frame their height, so the widget sizes the frame to
 * the page (no Pay button scrolling inside it). The height is no secret, hence "*"; the widget takes it only from
 * this page's origin and its own frame, and clamps it.
 */
export const POST_HEIGHT_SCRIPT = `<script>
(function () {
  if (window.parent === window) return;
  var post = function () {
    window.parent.postMessage({ source: 'checkout', type: 'resize', height: document.documentElement.scrollHeight }, '*');
  };
  post();
  if (window.ResizeObserver) new ResizeObserver(post).observe(document.documentElement);
  else window.addEventListener('resize', post);
})();
</script>`;
