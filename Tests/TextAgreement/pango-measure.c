/*
 * pango-measure: the Pango reference side of the CGLText agreement test.
 *
 * Build (PangoCairo backend, which is what the unhinted cairo font options need):
 *
 *   cc -O2 -Wall -o pango-measure pango-measure.c $(pkg-config --cflags --libs pangocairo)
 *
 * Tested with Pango 1.50.12, HarfBuzz 6.0.0, cairo 1.16.0 (Debian 12).
 *
 * Input (stdin), one request per line, fields separated by TAB:
 *
 *   family<TAB>size<TAB>width<TAB>direction<TAB>text
 *
 *   family     fontconfig family name, e.g. "DejaVu Sans"
 *   size       font size in points (decimal); absolute size, 1 pt = 1 output unit
 *   width      wrap width in points (decimal, > 0), or "-" for no wrapping
 *   direction  "ltr" or "rtl": paragraph base direction (auto-dir is off)
 *   text       UTF-8 with the escapes \n (newline), \t (tab), \\ (backslash);
 *              everything after the fourth TAB is the text
 *
 * A trailing "\r" before the newline of an input line is ignored.
 *
 * Output (stdout), one line per request, flushed after each line:
 *
 *   width<TAB>lines<TAB>height<TAB>line_widths
 *
 *   width        logical width of the layout in points (%.4f)
 *   lines        pango_layout_get_line_count
 *   height       logical height of the layout in points (%.4f)
 *   line_widths  comma-separated logical width of each line in points (%.4f)
 *
 * With PANGO_MEASURE_DEBUG=1 in the environment, the text of each line of each
 * layout is also written to stderr (escaped like the input, between [ ]), followed by
 * "unknown_glyphs=N" (glyphs no installed font covers, drawn as hex boxes).
 *
 * A malformed request gives "error<TAB>reason" and processing continues. Layout runs in a
 * forked worker process: Pango 1.50.12 aborts on a few pathological inputs (a g_assert in
 * process_line, e.g. width 1 with U+202E, a CJK ideograph, a space and U+FE0F); such a request
 * gets "error<TAB>pango crashed on this request (...)" and a new worker takes over. A request
 * still running after 60 s is answered the same way ("timed out"). --bench runs in-process.
 *
 * Layout settings: PANGO_WRAP_WORD_CHAR, no ellipsizing, no justification,
 * PANGO_ALIGN_LEFT, indent 0, spacing 0, auto-dir off, context language "en",
 * a hyphen shown where a line breaks inside a word (Pango's default since 1.44),
 * glyph positions not rounded, cairo font options hint-metrics off and
 * hint-style none, resolution 72 dpi (the size is set as an absolute size anyway).
 *
 * Widths: every glyph advance is an integer number of Pango units (1/1024 pt), so a
 * line's width equals HarfBuzz's with hb_font_set_scale(size * 1024) summed and divided
 * by 1024 (checked against hb-shape for Latin, Arabic, Hebrew and CJK at 12.5, 13 and 15 pt).
 * A line ending at a soft break has the width of its final space set to zero.
 *
 * Benchmark mode:
 *
 *   pango-measure --bench N < one-request-line
 *
 * reads one request line and lays it out N times with the same context (a new
 * PangoLayout per iteration, width cycling through 10 values from width*0.5 to
 * width; with width "-" every iteration is unwrapped), calling
 * pango_layout_get_extents each time, then prints
 *
 *   {"iterations":N,"warm_ns_per_layout":X}
 */

#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pango/pangocairo.h>

typedef struct {
    char *family;       /* points into the line buffer */
    double size;
    double width;       /* < 0: no wrapping */
    PangoDirection dir;
    char *text;         /* decoded, owned (g_free) */
    size_t text_len;
    PangoAttrList *attrs; /* a paragraph of runs: their fonts and shapes; NULL for plain text */
} Request;

/* PANGO_MEASURE_DEBUG=1 in the environment: each line's text goes to stderr. */
static int debug_lines = 0;

static PangoContext *make_context(void)
{
    PangoFontMap *fontmap = pango_cairo_font_map_new();
    PangoContext *ctx = pango_font_map_create_context(fontmap);
    g_object_unref(fontmap); /* the context keeps a reference */

    pango_cairo_context_set_resolution(ctx, 72.0);

    cairo_font_options_t *opts = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(opts, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(opts, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(opts, CAIRO_ANTIALIAS_DEFAULT);
    pango_cairo_context_set_font_options(ctx, opts);
    cairo_font_options_destroy(opts);

#if PANGO_VERSION_CHECK(1, 44, 0)
    pango_context_set_round_glyph_positions(ctx, FALSE);
#else
#error "Pango >= 1.44 is needed for unrounded glyph positions"
#endif
    pango_context_set_language(ctx, pango_language_from_string("en"));
    return ctx;
}

/* Parses a decimal; returns 0 on success. */
static int parse_number(const char *s, double *out)
{
    if (*s == '\0')
        return -1;
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || end == s || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

/* Decodes \n, \t, \\ in place into a new buffer; returns NULL and sets *why on error. */
static char *decode_text(const char *s, size_t *len_out, const char **why)
{
    size_t n = strlen(s);
    char *out = g_malloc(n + 1);
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\\') {
            out[j++] = s[i];
            continue;
        }
        i++;
        if (i >= n) {
            *why = "text ends with a lone backslash";
            g_free(out);
            return NULL;
        }
        switch (s[i]) {
        case 'n': out[j++] = '\n'; break;
        case 't': out[j++] = '\t'; break;
        case '\\': out[j++] = '\\'; break;
        default:
            *why = "unknown escape in text (only \\n, \\t, \\\\)";
            g_free(out);
            return NULL;
        }
    }
    out[j] = '\0';
    if (memchr(out, '\0', j) != NULL) {
        *why = "NUL byte in text";
        g_free(out);
        return NULL;
    }
    if (!g_utf8_validate(out, (gssize)j, NULL)) {
        *why = "text is not valid UTF-8";
        g_free(out);
        return NULL;
    }
    *len_out = j;
    return out;
}

static const char *parse_runs(char *runs, Request *req);
static int to_pango_units_signed(double points);

/* Splits and validates one request line (modified in place). Returns NULL on success,
 * otherwise a reason. A line that starts with "runs<TAB>" is a paragraph of runs. */
static const char *parse_request(char *line, Request *req)
{
    req->attrs = NULL;
    int rich = strncmp(line, "runs\t", 5) == 0;
    if (rich)
        line += 5;
    char *fields[4];
    char *p = line;
    for (int k = 0; k < 4; k++) {
        char *tab = strchr(p, '\t');
        if (tab == NULL)
            return "expected 5 tab-separated fields: family, size, width, direction, text";
        *tab = '\0';
        fields[k] = p;
        p = tab + 1;
    }
    char *text = p;

    req->family = fields[0];
    if (req->family[0] == '\0')
        return "empty family";
    if (!g_utf8_validate(req->family, -1, NULL))
        return "family is not valid UTF-8";

    if (parse_number(fields[1], &req->size) != 0)
        return "size is not a number";
    if (!(req->size > 0.0) || req->size > 10000.0)
        return "size out of range (0, 10000]";

    if (strcmp(fields[2], "-") == 0) {
        req->width = -1.0;
    } else {
        if (parse_number(fields[2], &req->width) != 0)
            return "width is not a number or '-'";
        if (!(req->width > 0.0) || req->width > 1000000.0)
            return "width out of range (0, 1000000] (use '-' for no wrapping)";
    }

    if (strcmp(fields[3], "ltr") == 0)
        req->dir = PANGO_DIRECTION_LTR;
    else if (strcmp(fields[3], "rtl") == 0)
        req->dir = PANGO_DIRECTION_RTL;
    else
        return "direction must be 'ltr' or 'rtl'";

    if (rich)
        return parse_runs(text, req);
    const char *why = NULL;
    req->text = decode_text(text, &req->text_len, &why);
    if (req->text == NULL)
        return why;
    return NULL;
}

/* The runs of a paragraph, tab-separated: "t|family|size|weight|italic|text" (family empty
 * or size "-": the paragraph's) or "a|width|height|baseline" (an inline object drawn as
 * U+FFFC with pango_attr_shape_new; baseline from its top, "-" for its bottom). Builds the
 * text and the attribute list. */
static const char *parse_runs(char *runs, Request *req)
{
    GString *text = g_string_new(NULL);
    PangoAttrList *attrs = pango_attr_list_new();
    const char *why = NULL;
    char *p = runs;
    while (p != NULL && why == NULL) {
        char *tab = strchr(p, '\t');
        if (tab != NULL)
            *tab = '\0';
        char *fields[6];
        int count = 0;
        char *q = p;
        int wanted = (p[0] == 'a') ? 4 : 6;
        while (count < wanted - 1) {
            char *bar = strchr(q, '|');
            if (bar == NULL)
                break;
            *bar = '\0';
            fields[count++] = q;
            q = bar + 1;
        }
        fields[count++] = q;
        guint start = (guint)text->len;
        if (fields[0][0] == 'a' && count == 4) {
            double w, h, baseline;
            if (parse_number(fields[1], &w) != 0 || parse_number(fields[2], &h) != 0 || w < 0 || h < 0) {
                why = "an atom's width and height must be numbers of at least 0";
                break;
            }
            if (strcmp(fields[3], "-") == 0)
                baseline = h;
            else if (parse_number(fields[3], &baseline) != 0) {
                why = "an atom's baseline must be a number or '-'";
                break;
            }
            g_string_append(text, "\xef\xbf\xbc"); /* U+FFFC */
            PangoRectangle rect = { 0, -to_pango_units_signed(baseline), to_pango_units_signed(w), to_pango_units_signed(h) };
            PangoAttribute *shape = pango_attr_shape_new(&rect, &rect);
            shape->start_index = start;
            shape->end_index = (guint)text->len;
            pango_attr_list_insert(attrs, shape);
        } else if (fields[0][0] == 't' && count == 6) {
            size_t len = 0;
            char *decoded = decode_text(fields[5], &len, &why);
            if (decoded == NULL)
                break;
            g_string_append_len(text, decoded, (gssize)len);
            g_free(decoded);
            guint end = (guint)text->len;
            double size = req->size;
            if (strcmp(fields[2], "-") != 0 && (parse_number(fields[2], &size) != 0 || !(size > 0))) {
                why = "a run's size must be a positive number or '-'";
                break;
            }
            PangoAttribute *attr[4];
            attr[0] = pango_attr_family_new(fields[1][0] != '\0' ? fields[1] : req->family);
            attr[1] = pango_attr_size_new_absolute(to_pango_units_signed(size));
            attr[2] = pango_attr_weight_new((PangoWeight)atoi(fields[3]));
            attr[3] = pango_attr_style_new(strcmp(fields[4], "1") == 0 ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
            for (int k = 0; k < 4; k++) {
                attr[k]->start_index = start;
                attr[k]->end_index = end;
                pango_attr_list_insert(attrs, attr[k]);
            }
        } else {
            why = "a run must be t|family|size|weight|italic|text or a|width|height|baseline";
            break;
        }
        p = (tab != NULL) ? tab + 1 : NULL;
    }
    if (why != NULL) {
        g_string_free(text, TRUE);
        pango_attr_list_unref(attrs);
        return why;
    }
    req->text_len = text->len;
    req->text = g_string_free(text, FALSE);
    req->attrs = attrs;
    return NULL;
}

static PangoLayout *make_layout(PangoContext *ctx, const Request *req, PangoFontDescription *desc)
{
    PangoLayout *layout = pango_layout_new(ctx);
    pango_layout_set_auto_dir(layout, FALSE);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_justify(layout, FALSE);
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_spacing(layout, 0);
    pango_layout_set_text(layout, req->text, (int)req->text_len);
    if (req->attrs != NULL)
        pango_layout_set_attributes(layout, req->attrs);
    /* Pango's defaults: since 1.44 a hyphen shows where PANGO_WRAP_WORD_CHAR breaks inside a
     * word, and after a soft hyphen; CGLText counts it as Pango does. */
    return layout;
}

static PangoFontDescription *make_desc(const Request *req)
{
    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, req->family);
    pango_font_description_set_absolute_size(desc, req->size * PANGO_SCALE);
    return desc;
}

static int to_pango_units_signed(double points)
{
    double v = points * PANGO_SCALE;
    return (int)(v < 0 ? v - 0.5 : v + 0.5);
}

static int to_pango_units(double points)
{
    double v = points * PANGO_SCALE;
    if (v > (double)G_MAXINT / 2)
        v = (double)G_MAXINT / 2;
    return (int)(v + 0.5); /* v > 0 here; avoids needing -lm */
}

static void measure(PangoContext *ctx, const Request *req, FILE *out_file)
{
    pango_context_set_base_dir(ctx, req->dir);
    PangoFontDescription *desc = make_desc(req);
    PangoLayout *layout = make_layout(ctx, req, desc);
    pango_layout_set_width(layout, req->width < 0 ? -1 : to_pango_units(req->width));

    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    int count = pango_layout_get_line_count(layout);

    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "%.4f\t%d\t%.4f\t",
                           (double)logical.width / PANGO_SCALE, count,
                           (double)logical.height / PANGO_SCALE);
    int first = 1;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l != NULL; l = l->next) {
        PangoRectangle line_logical;
        pango_layout_line_get_extents((PangoLayoutLine *)l->data, NULL, &line_logical);
        g_string_append_printf(out, "%s%.4f", first ? "" : ",",
                               (double)line_logical.width / PANGO_SCALE);
        first = 0;
    }
    g_string_append_c(out, '\n');
    if (debug_lines) {
        /* Diagnostics on stderr: each line's text between [ ], escaped like the input. */
        for (GSList *l = pango_layout_get_lines_readonly(layout); l != NULL; l = l->next) {
            PangoLayoutLine *pl = l->data;
            fputs("  [", stderr);
            for (int b = pl->start_index; b < pl->start_index + pl->length; b++) {
                char c = req->text[b];
                if (c == '\n') fputs("\\n", stderr);
                else if (c == '\t') fputs("\\t", stderr);
                else if (c == '\\') fputs("\\\\", stderr);
                else fputc(c, stderr);
            }
            fputs("]\n", stderr);
        }
        fprintf(stderr, "  unknown_glyphs=%d\n", pango_layout_get_unknown_glyphs_count(layout));
        fflush(stderr);
    }
    fputs(out->str, out_file);
    fflush(out_file);
    g_string_free(out, TRUE);

    g_object_unref(layout);
    pango_font_description_free(desc);
}

static void strip_eol(char *line, ssize_t *len)
{
    if (*len > 0 && line[*len - 1] == '\n')
        line[--*len] = '\0';
    if (*len > 0 && line[*len - 1] == '\r')
        line[--*len] = '\0';
}

static void print_error_to(FILE *f, const char *reason)
{
    fprintf(f, "error\t%s\n", reason);
    fflush(f);
}

static void print_error(const char *reason)
{
    print_error_to(stdout, reason);
}

static int run_bench(PangoContext *ctx, long iterations)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, stdin);
    if (len < 0) {
        print_error("no request line on stdin");
        free(line);
        return 1;
    }
    strip_eol(line, &len);
    if ((size_t)len != strlen(line)) {
        print_error("NUL byte in request line");
        free(line);
        return 1;
    }
    Request req = {0};
    const char *why = parse_request(line, &req);
    if (why != NULL) {
        print_error(why);
        free(line);
        return 1;
    }

    pango_context_set_base_dir(ctx, req.dir);
    PangoFontDescription *desc = make_desc(&req);
    int widths[10];
    for (int k = 0; k < 10; k++)
        widths[k] = req.width < 0 ? -1 : to_pango_units(req.width * (0.5 + 0.5 * k / 9.0));

    /* One untimed layout so that fonts are loaded before the clock starts. */
    {
        PangoLayout *layout = make_layout(ctx, &req, desc);
        PangoRectangle r;
        pango_layout_get_extents(layout, NULL, &r);
        g_object_unref(layout);
    }

    volatile int sink = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < iterations; i++) {
        PangoLayout *layout = make_layout(ctx, &req, desc);
        pango_layout_set_width(layout, widths[i % 10]);
        PangoRectangle r;
        pango_layout_get_extents(layout, NULL, &r);
        sink += r.width;
        g_object_unref(layout);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    (void)sink;

    double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
    printf("{\"iterations\":%ld,\"warm_ns_per_layout\":%.1f}\n", iterations,
           iterations > 0 ? ns / (double)iterations : 0.0);
    fflush(stdout);

    pango_font_description_free(desc);
    g_free(req.text);
    if (req.attrs != NULL) pango_attr_list_unref(req.attrs);
    free(line);
    return 0;
}

/* ---- Worker: lays out requests read from `in`, answers on `out`. ---------------------- */

#define REQUEST_TIMEOUT_SECONDS 60

static void worker_main(FILE *in, FILE *out)
{
    PangoContext *ctx = make_context();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) >= 0) {
        strip_eol(line, &len);
        Request req = {0};
        const char *why = parse_request(line, &req);
        if (why != NULL) {
            print_error_to(out, why);
            continue;
        }
        alarm(REQUEST_TIMEOUT_SECONDS); /* a hung layout kills the worker: SIGALRM */
        measure(ctx, &req, out);
        alarm(0);
        g_free(req.text);
        if (req.attrs != NULL) pango_attr_list_unref(req.attrs);
    }
    free(line);
    g_object_unref(ctx);
    fflush(out);
}

/* ---- Supervisor: Pango 1.50 aborts (g_assert) on some inputs, e.g. a narrow width with
 * U+202E + CJK + U+FE0F. Layout therefore runs in a forked worker process; if the worker dies,
 * the request it was on is answered with an error line and a new worker is started. ------ */

typedef struct {
    pid_t pid;
    FILE *to;   /* requests */
    FILE *from; /* answers */
} Worker;

static int spawn_worker(Worker *w)
{
    int req[2], resp[2];
    if (pipe(req) != 0)
        return -1;
    if (pipe(resp) != 0) {
        close(req[0]);
        close(req[1]);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(req[0]); close(req[1]); close(resp[0]); close(resp[1]);
        return -1;
    }
    if (pid == 0) {
        close(req[1]);
        close(resp[0]);
        signal(SIGPIPE, SIG_DFL);
        /* GLib's g_assert prints "Bail out! ..." on stdout: keep the real stdout for answers
         * only (the supervisor writes it), send stray library output to stderr. */
        dup2(STDERR_FILENO, STDOUT_FILENO);
        FILE *in = fdopen(req[0], "r");
        FILE *out = fdopen(resp[1], "w");
        if (in == NULL || out == NULL)
            _exit(111);
        worker_main(in, out);
        _exit(0); /* not exit(): the parent's stdio buffers must not be flushed twice */
    }
    close(req[0]);
    close(resp[1]);
    w->pid = pid;
    w->to = fdopen(req[1], "w");
    w->from = fdopen(resp[0], "r");
    if (w->to == NULL || w->from == NULL)
        return -1;
    return 0;
}

/* Closes the pipes and reaps the worker; returns its wait status. */
static int reap_worker(Worker *w)
{
    if (w->to != NULL)
        fclose(w->to);
    if (w->from != NULL)
        fclose(w->from);
    w->to = w->from = NULL;
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

static int run_supervisor(void)
{
    signal(SIGPIPE, SIG_IGN); /* a dead worker shows up as EPIPE / EOF instead */
    Worker w = {0};
    if (spawn_worker(&w) != 0) {
        fprintf(stderr, "pango-measure: cannot start worker: %s\n", strerror(errno));
        return 1;
    }

    char *line = NULL, *answer = NULL;
    size_t cap = 0, answer_cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        strip_eol(line, &len);
        if ((size_t)len != strlen(line)) {
            print_error("NUL byte in request line");
            continue;
        }
        int sent = fputs(line, w.to) >= 0 && fputc('\n', w.to) != EOF && fflush(w.to) == 0;
        ssize_t got = sent ? getline(&answer, &answer_cap, w.from) : -1;
        if (got > 0 && answer[got - 1] == '\n') {
            fputs(answer, stdout);
            fflush(stdout);
            continue;
        }
        /* The worker died on this request (or before it). */
        kill(w.pid, SIGKILL);
        int status = reap_worker(&w);
        char reason[160];
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            snprintf(reason, sizeof reason, "pango layout timed out after %d s; worker restarted",
                     REQUEST_TIMEOUT_SECONDS);
        else if (WIFSIGNALED(status))
            snprintf(reason, sizeof reason, "pango crashed on this request (signal %d, %s); worker restarted",
                     WTERMSIG(status), strsignal(WTERMSIG(status)));
        else
            snprintf(reason, sizeof reason, "pango worker exited (status %d); worker restarted",
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        print_error(reason);
        if (spawn_worker(&w) != 0) {
            fprintf(stderr, "pango-measure: cannot restart worker: %s\n", strerror(errno));
            free(line);
            free(answer);
            return 1;
        }
    }
    free(line);
    free(answer);
    reap_worker(&w);
    return 0;
}

int main(int argc, char **argv)
{
    long bench = -1;
    if (argc == 3 && strcmp(argv[1], "--bench") == 0) {
        char *end = NULL;
        errno = 0;
        bench = strtol(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || bench < 1) {
            fprintf(stderr, "usage: %s [--bench N]   (N >= 1)\n", argv[0]);
            return 2;
        }
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [--bench N]\n", argv[0]);
        return 2;
    }

    const char *dbg = getenv("PANGO_MEASURE_DEBUG");
    debug_lines = dbg != NULL && dbg[0] != '\0' && strcmp(dbg, "0") != 0;

    if (bench > 0) {
        PangoContext *ctx = make_context();
        int rc = run_bench(ctx, bench);
        g_object_unref(ctx);
        return rc;
    }
    return run_supervisor();
}
