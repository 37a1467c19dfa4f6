#!/usr/bin/env python3
"""Writes corpus.tsv (beside this script): the paragraphs of the CGLText/Pango agreement test.

Each line is  group<TAB>direction<TAB>text  where direction is "ltr" or "rtl" (the paragraph
base direction) and text is UTF-8 with the escapes \\n (newline), \\t (tab) and \\\\ (backslash).

The content is fixed: hand-written sentences per language, combined in fixed patterns
(single sentences, pairs, runs of consecutive sentences up to ~300 characters, single
words). There is no randomness, so the output is byte-for-byte reproducible:

    python3 make-corpus.py          # writes corpus.tsv, prints the count per group
"""

import os
import sys
import unicodedata

NBSP = "\u00a0"    # no-break space: French before « » and :
NNBSP = "\u202f"   # narrow no-break space: French before ; ! ? and as thousands separator

MAX_LONG = 300     # code points: longest paragraph built from consecutive sentences

ENGLISH = [
    "The quick brown fox jumps over the lazy dog.",
    "Pi is approximately 3.14159, though most people remember only 3.14.",
    "The city's population passed 1,000,000 in 1987 and has kept growing ever since.",
    "“Are you coming tonight?” she asked, without looking up from her book.",
    "It was a well-known fact (at least among the locals) that the bridge closed at midnight.",
    "The results—surprising as they were—confirmed the original hypothesis.",
    "Please read the instructions carefully before you begin.",
    "He bought 12 eggs, 3 loaves of bread, and a half-gallon of milk for $14.75.",
    "Wait.",
    "Nobody expected the meeting to last until 9:30 p.m., but it did.",
    "A state-of-the-art laboratory opened on the north side of campus last week.",
    "The train leaves at 7:05 from platform 4; don't be late!",
    "She said, \"Typography is the craft of endowing human language with a durable visual form.\"",
    "Some words are unusually long: internationalization, incomprehensibilities, and counterrevolutionaries.",
    "Temperatures dropped to −12 °C overnight, the coldest in a decade.",
    "Our team shipped version 2.4.1 on Friday, fixing 37 bugs and adding two features.",
    "The old lighthouse keeper—who had lived alone for thirty years—finally retired.",
    "If you can't explain it simply, you don't understand it well enough.",
    "Rain fell steadily on the tin roof all night long.",
    "The recipe calls for 2½ cups of flour, 1 teaspoon of salt, and a pinch of sugar.",
    "Why do we park on driveways and drive on parkways?",
    "The museum's collection includes over 40,000 objects from six continents.",
    "Mother-in-law, passer-by, and forget-me-not are all hyphenated compounds.",
    "Yes!",
    "The committee (which met twice a month) approved the budget by a vote of 7–2.",
    "In 1969, Apollo 11 landed on the Moon, and Neil Armstrong became the first person to walk on its surface.",
    "He paused, looked around the room, and then—very quietly—began to speak.",
    "There are 24 hours in a day, 168 hours in a week, and roughly 8,760 hours in a year.",
    "'Single quotes' and \"double quotes\" are not the same as ‘curly’ and “smart” quotes.",
    "The library is open Monday through Saturday, 10 a.m. to 6 p.m.",
    "Good morning, everyone.",
    "This sentence contains a semicolon; it also contains a colon: here it is.",
    "The distance between the two cities is about 350 km (217 mi).",
    "Ninety-nine percent of the time, the simplest explanation is the right one.",
    "The package weighed 2.5 kg and measured 30 × 20 × 10 cm.",
    "Her e-mail said only: “See you at the airport.”",
    "Long-term planning requires both patience and a clear sense of direction.",
    "The word “antidisestablishmentarianism” is often cited as one of the longest in English.",
    "A journey of a thousand miles begins with a single step.",
    "The quarterly report showed revenue of $3,450,000, up 12.5% from last year.",
    "After the storm, the sky cleared and the stars came out one by one.",
    "Do not disturb.",
    "The software supports UTF-8, UTF-16, and—in a limited way—ISO-8859-1.",
    "Children laughed and splashed in the shallow end of the pool.",
    "Well-designed user interfaces are, above all, predictable.",
]
ENGLISH_WORDS = ["Hello", "Typography", "well-known", "supercalifragilisticexpialidocious",
                 "1,000,000", "3.14", "(parenthetical)", "don't"]

GERMAN = [
    "Der Donaudampfschifffahrtsgesellschaftskapitän trägt eine weiße Mütze.",
    "Das Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz wurde 2013 wieder aufgehoben.",
    "Die Straße ist heute wegen Bauarbeiten gesperrt.",
    "Ich hätte gern ein Stück Käsekuchen und eine Tasse Kaffee.",
    "Die Kraftfahrzeughaftpflichtversicherung ist in Deutschland Pflicht.",
    "Die Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung galt in Mecklenburg-Vorpommern.",
    "Die Geschwindigkeitsbegrenzung auf dieser Landstraße beträgt 100 km/h.",
    "Im Frühling blühen überall Gänseblümchen und Löwenzahn.",
    "Der Bundesverfassungsgerichtspräsident hielt eine kurze Rede.",
    "Wir müssen die Arbeitsunfähigkeitsbescheinigung bis Freitag einreichen.",
    "Fußgänger sollten die Unterführung benutzen.",
    "Das Weißbier schmeckt im Biergarten am besten.",
    "Die Lebensversicherungsgesellschaft hat ihre Geschäftsbedingungen geändert.",
    "Meine Großmutter wohnt in einem kleinen Dorf in der Nähe von Göttingen.",
    "Das Bundesausbildungsförderungsgesetz regelt die staatliche Unterstützung für Studierende.",
    "Können Sie mir bitte sagen, wie spät es ist?",
    "Die Überraschung war groß, als der Zug pünktlich ankam.",
    "Eisenbahnknotenpunkt, Hochgeschwindigkeitszug und Fahrkartenautomat sind typische Wörter am Bahnhof.",
    "Die Wärmedämmung des Gebäudes entspricht nicht mehr den heutigen Anforderungen.",
    "Morgen früh fahren wir mit dem Fahrrad an den Bodensee.",
    "Die Verkehrsinfrastrukturfinanzierungsgesellschaft plant neue Autobahnbrücken.",
    "Er las die Gebrauchsanweisung für die Waschmaschine gründlich durch.",
    "Übermorgen beginnt das Oktoberfest in München.",
    "Die Schifffahrt auf dem Rhein war wegen Hochwassers eingestellt.",
    "Ein Kindergartenplatz ist in vielen Großstädten schwer zu finden.",
    "Lebensmittelunverträglichkeiten werden immer häufiger diagnostiziert.",
    "„Guten Tag“, sagte die Verkäuferin freundlich.",
    "Die Streichholzschächtelchen lagen ordentlich aufgereiht auf dem Tisch.",
]
GERMAN_WORDS = ["Donaudampfschifffahrtsgesellschaftskapitän",
                "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
                "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung",
                "Kraftfahrzeughaftpflichtversicherung", "Straße", "Größenordnung"]

# French typography: a space before « » : ; ! ? and inside guillemets is written here as a
# plain space and replaced by french() with U+00A0 or U+202F.
FRENCH_RAW = [
    "Bonjour ! Comment allez-vous aujourd’hui ?",
    "Il a dit : « Je reviendrai demain matin. »",
    "La tour Eiffel mesure environ 330 mètres de haut.",
    "Nous avons visité le château de Versailles pendant les vacances d’été.",
    "Attention : le magasin ferme à 19 h 30 le samedi.",
    "Quelle belle journée ; le ciel est parfaitement dégagé !",
    "Le prix a augmenté de 15 % depuis l’année dernière.",
    "« Qu’est-ce que tu en penses ? » demanda-t-elle.",
    "Les élèves doivent rendre leurs devoirs avant vendredi.",
    "La population de la région dépasse 2 000 000 d’habitants.",
    "Pourquoi pas ? On peut toujours essayer.",
    "Il faut trois ingrédients : de la farine, des œufs et du lait.",
    "Je préfère le thé au café ; toi, tu préfères le café.",
    "Ça alors ! Je ne m’attendais pas à te voir ici.",
    "Le train à grande vitesse relie Paris à Marseille en un peu plus de trois heures.",
    "Mon grand-père cultive des tomates, des courgettes et des haricots dans son jardin.",
    "Où se trouve la bibliothèque municipale ?",
    "Le mot « anticonstitutionnellement » est souvent cité comme l’un des plus longs de la langue française.",
    "Elle a lu « Les Misérables » de Victor Hugo cet hiver.",
    "Voici la question : faut-il partir maintenant ou attendre ?",
    "Le cœur a ses raisons que la raison ne connaît point.",
    "Nous nous retrouverons à la gare à 8 h 15 précises.",
    "C’est incroyable ! Le spectacle était magnifique.",
    "Les feuilles d’automne tombent lentement sur le trottoir mouillé.",
    "Merci beaucoup pour votre aide ; elle nous a été très précieuse.",
    "L'hôtel se trouve à 250 m de la plage, à côté de l'église.",
]
FRENCH_WORDS = ["Bonjour !", "Pourquoi ?", "« Oui »", "anticonstitutionnellement"]

ARABIC = [
    "مرحبا بكم في موقعنا.",
    "ذهبت إلى السوق صباح اليوم لشراء الخبز والحليب.",
    "القراءة غذاء العقل والروح.",
    "تقع مدينة القاهرة على ضفاف نهر النيل.",
    "يحب الأطفال اللعب في الحديقة بعد المدرسة.",
    "الطقس جميل اليوم، والسماء صافية.",
    "اللغة العربية من أكثر اللغات انتشارا في العالم.",
    "هل يمكنك مساعدتي في حل هذه المسألة؟",
    "شكرا جزيلا على مساعدتك.",
    "تعلم البرمجة يحتاج إلى صبر وممارسة يومية.",
    "سافرنا إلى دمشق في الصيف الماضي وزرنا المسجد الأموي.",
    "يبدأ الاجتماع في الساعة التاسعة صباحا.",
    "خير جليس في الزمان كتاب.",
    "كان الجو باردا جدا في الليل، فأشعلنا النار.",
    "الرياضة مهمة لصحة الجسم والعقل.",
    "أرسلت لك رسالة بالبريد الإلكتروني أمس.",
    "يعمل أخي مهندسا في شركة كبيرة.",
    "نحتاج إلى ثلاثة كيلوغرامات من الطماطم.",
    "العلم نور والجهل ظلام.",
    "قرأت هذه الرواية مرتين لأنها أعجبتني كثيرا.",
    "من جد وجد، ومن زرع حصد.",
    "تحتفل العائلة بعيد ميلاد جدتي يوم الجمعة.",
    "أين تقع أقرب محطة للقطار؟",
    "يتكون النظام الشمسي من الشمس وثمانية كواكب.",
    "الحاسوب أداة قوية إذا أحسنا استخدامه.",
    "وُلد جدي في عام ١٩٣٥ في مدينة حلب.",
    "العِلْمُ نُورٌ، وَالجَهْلُ ظَلَامٌ.",
    "تبلغ مساحة الحديقة 2500 متر مربع تقريبا.",
]
ARABIC_WORDS = ["مرحبا", "شكرا", "الاستقلالية", "والمستشفيات"]

HEBREW = [
    "שלום, מה שלומך היום?",
    "הלכתי לשוק בבוקר כדי לקנות לחם וחלב.",
    "ירושלים היא עיר עתיקה עם היסטוריה ארוכה.",
    "הילדים משחקים בגן אחרי בית הספר.",
    "מזג האוויר נעים היום והשמיים בהירים.",
    "תודה רבה על העזרה שלך.",
    "אני לומד עברית כבר שלוש שנים.",
    "האם אתה יכול לעזור לי עם שיעורי הבית?",
    "הספר הזה מעניין מאוד, קראתי אותו בשבוע אחד.",
    "הפגישה מתחילה בשעה תשע בבוקר.",
    "תל אביב שוכנת על חוף הים התיכון.",
    "אחי עובד כמהנדס בחברה גדולה.",
    "בערב הלכנו לסרט ואחר כך אכלנו ארוחת ערב.",
    "צריך להשקות את העציצים פעמיים בשבוע.",
    "איפה נמצאת תחנת הרכבת הקרובה?",
    "לימוד שפה חדשה דורש סבלנות ותרגול יומיומי.",
    "המשפחה חוגגת את יום ההולדת של סבתא ביום שישי.",
    "כל ההתחלות קשות.",
    "היה קר מאוד בלילה, אז הדלקנו את האח.",
    "מערכת השמש כוללת את השמש ושמונה כוכבי לכת.",
    "שלחתי לך הודעה בדואר האלקטרוני אתמול.",
    "המחשב הוא כלי חזק אם משתמשים בו נכון.",
    "בקיץ שעבר נסענו לגליל וטיילנו לאורך הכנרת.",
    "הספרייה העירונית פתוחה עד שמונה בערב.",
    "אנחנו צריכים שלושה קילוגרמים של עגבניות.",
    "המחיר הוא 45.90 ש״ח כולל מע״מ.",
    "שָׁלוֹם עֲלֵיכֶם, בָּרוּךְ הַבָּא!",
]
HEBREW_WORDS = ["שלום", "תודה", "והתפתחויות"]

CHINESE = [
    "今天天气很好，我们去公园散步吧。",
    "我每天早上七点起床，然后吃早饭。",
    "北京是中国的首都，也是一座历史悠久的城市。",
    "学习一门新的语言需要耐心和坚持。",
    "这本书非常有意思，我用了一个星期就看完了。",
    "请问火车站怎么走？",
    "谢谢你的帮助！",
    "我们明天下午三点在图书馆见面。",
    "他在一家大公司当工程师，工作很忙。",
    "春天来了，花都开了，到处都是绿色。",
    "孩子们放学以后喜欢在操场上踢足球。",
    "妈妈做的饭菜总是特别好吃。",
    "长江是中国最长的河流，全长约六千三百公里。",
    "电脑已经成为我们生活中不可缺少的工具。",
    "周末我常常和朋友一起去看电影。",
    "你喜欢喝茶还是喝咖啡？",
    "读书使人进步。",
    "这家饭馆的菜又便宜又好吃，所以每天都有很多人。",
    "他说：“我明天一定会来。”",
    "我们应该保护环境，节约用水。",
    "上海的夜景非常漂亮，很多游客专门去外滩拍照。",
    "时间就是生命。",
    "请把窗户打开，房间里太热了。",
    "昨天晚上下了一场大雨，今天早上空气特别新鲜。",
    "他的中文说得越来越流利了。",
    "千里之行，始于足下。",
    "这台电脑的价格是4999元，比去年便宜了10%。",
]
CHINESE_WORDS = ["你好", "谢谢"]

JAPANESE = [
    "今日はいい天気ですね。",
    "私は毎朝七時に起きて、朝ごはんを食べます。",
    "東京は日本の首都で、とても大きな都市です。",
    "新しい言葉を勉強するには、時間と努力が必要です。",
    "この本はとても面白かったので、一日で読み終わりました。",
    "すみません、駅はどこですか。",
    "ありがとうございます。",
    "明日の午後三時に図書館で会いましょう。",
    "兄は大きな会社でエンジニアとして働いています。",
    "春になると、桜の花がきれいに咲きます。",
    "子どもたちは学校が終わった後、公園でサッカーをします。",
    "母が作った料理はいつもおいしいです。",
    "富士山は日本で一番高い山です。",
    "コンピューターは私たちの生活に欠かせない道具になりました。",
    "週末はよく友達と映画を見に行きます。",
    "コーヒーと紅茶、どちらが好きですか。",
    "昨日の夜は大雨が降りましたが、今朝は空気がとても新鮮です。",
    "彼は「明日必ず来ます」と言いました。",
    "環境を守るために、水を大切に使いましょう。",
    "京都には古いお寺や神社がたくさんあります。",
    "ひらがなとカタカナを覚えるのは、それほど難しくありません。",
    "電車が遅れたので、会議に十分遅刻してしまいました。",
    "このレストランは安くておいしいので、いつも混んでいます。",
    "夏休みに家族で北海道へ旅行しました。",
    "おはようございます。今日もよろしくお願いします。",
    "ゆっくり休んでください。",
]
JAPANESE_WORDS = ["こんにちは", "ありがとう"]

# Korean: Hangul words separated by spaces, with Latin, digits and punctuation mixed in.
KOREAN = [
    "오늘 회의는 오후 세 시에 시작합니다.",
    "모두 참석해 주세요.",
    "새로운 기능이 다음 주에 출시될 예정입니다.",
    "이 문서는 레이아웃 엔진의 동작을 설명합니다.",
    "사진을 눌러서 크게 볼 수 있습니다.",
    "댓글 12개와 좋아요 340개를 받았어요!",
    "서울의 날씨는 맑고 기온은 23도입니다.",
    "계정 설정에서 알림을 끌 수 있나요?",
    "이번 업데이트로 앱이 훨씬 빨라졌습니다.",
    "주문하신 상품이 내일 도착할 예정입니다.",
    "비밀번호를 잊으셨다면 여기를 누르세요.",
    "우리 팀은 매주 금요일에 회고를 합니다.",
    "이 글은 3분 정도면 읽을 수 있어요.",
    "새 메시지가 도착했습니다: \"점심 같이 먹어요\"",
    "iOS와 Android에서 모두 사용할 수 있습니다.",
    "한국어 문장은 띄어쓰기로 단어를 구분합니다.",
    "자세한 내용은 https://example.com 에서 확인하세요.",
    "가나다라마바사아자차카타파하",
    "대한민국의 수도는 서울특별시입니다.",
    "프로필 사진을 바꾸려면 편집을 누르세요.",
]
KOREAN_WORDS = ["안녕하세요", "감사합니다", "레이아웃"]

# Mixed direction: each paragraph with its natural base direction; every one is also
# emitted a second time with the opposite base direction.
MIXED = [
    ("ltr", "The Hebrew word שלום means both “hello” and “peace”."),
    ("ltr", "In Arabic, شكرا means “thank you”."),
    ("ltr", "Our Tel Aviv office (משרד תל אביב) opens at 9:00."),
    ("ltr", "She named the folder مشروع جديد and shared it with the team."),
    ("ltr", "The sign read ירושלים on top and القدس below it."),
    ("ltr", "Type the name exactly as written: محمد عبد الله."),
    ("ltr", "Chapter 3 compares the roots כתב and كتب, both meaning “to write”."),
    ("ltr", "The café's menu listed قهوة عربية for 12 dirhams."),
    ("ltr", "Say בוקר טוב in the morning and ערב טוב in the evening."),
    ("ltr", "The Arabic title of the book, ألف ليلة وليلة, means “One Thousand and One Nights”."),
    ("rtl", "אני מתכנת ב-Swift ומשתמש ב-HarfBuzz לעיצוב טקסט."),
    ("rtl", "הפגישה עם Google נדחתה ליום שלישי בשעה 14:30."),
    ("rtl", "קראתי את הספר The Old Man and the Sea בחופשה."),
    ("rtl", "הוא אמר \"OK\" וסגר את הדלת."),
    ("rtl", "כתובת המשרד היא רחוב הרצל 25, תל אביב."),
    ("rtl", "אפשר להוריד את הקובץ מ-GitHub בחינם."),
    ("rtl", "أستخدم نظام Linux في عملي منذ عام 2010."),
    ("rtl", "قرأت مقالا عن JavaScript وTypeScript على موقع MDN."),
    ("rtl", "يمكنك تنزيل الملف من GitHub مجانا."),
    ("rtl", "سعر الهاتف الجديد 999 دولارا في متجر Apple."),
    ("rtl", "تعلمت كلمة Hello في أول درس للغة الإنجليزية."),
    ("rtl", "زوروا موقعنا https://example.com/ar للمزيد من المعلومات."),
]

URLS = [
    ("ltr", "https://example.com/a/very/long/path?query=1&x=2"),
    ("ltr", "https://www.example.org/documentation/getting-started/installation-guide.html#prerequisites"),
    ("ltr", "http://localhost:8080/api/v1/users/12345/preferences?format=json&include=all"),
    ("ltr", "ftp://files.example.net/pub/releases/2024/archive-v3.2.1.tar.gz"),
    ("ltr", "mailto:jane.doe@example.com"),
    ("ltr", "jane.doe+newsletter@subdomain.example.co.uk"),
    ("ltr", "support@example.com"),
    ("ltr", "/usr/local/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf"),
    ("ltr", "C:\\Program Files\\Example Corp\\Application\\bin\\launcher.exe"),
    ("ltr", "~/Projects/cglayout/Sources/CGLText/LineBreaker.swift"),
    ("ltr", "../../relative/path/to/some/file_with_underscores_and-dashes.txt"),
    ("ltr", "ssh://git@git.example.com:2222/team/repository.git"),
    ("ltr", "Visit https://example.com/docs for more information."),
    ("ltr", "Send your questions to help@example.org or call +1 (555) 010-0199."),
    ("ltr", "The config file lives at /etc/cglayout/cglayout.conf on most systems."),
    ("ltr", "Clone it with git clone https://github.com/example/project.git and run make."),
    ("ltr", "See https://en.wikipedia.org/wiki/Unicode_Bidirectional_Algorithm for background."),
    ("ltr", "Download https://downloads.example.com/very/deeply/nested/directory/structure/that/keeps/going/and/going/file.zip before the deadline."),
    ("ltr", "The tracking link https://track.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2024 expires tomorrow."),
    ("ltr", "Logs are written to /var/log/cglayout/daemon-2024-05-17T12:00:00Z.log every hour."),
    ("ltr", "user@host:~$ ls -la /home/user/Documents"),
    ("ltr", "Windows paths like D:\\Data\\Reports\\2024\\Q1\\summary.xlsx need escaping."),
    ("ltr", "Base64: SGVsbG8sIFdvcmxkISBUaGlzIGlzIGEgdGVzdCBzdHJpbmcgd2l0aG91dCBzcGFjZXMu"),
    ("ltr", "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
    ("ltr", "Version strings such as 1.2.3-beta.4+build.567 follow semantic versioning."),
    ("ltr", "An IPv6 address like 2001:0db8:85a3:0000:0000:8a2e:0370:7334 is hard to read."),
    ("ltr", "Phone: +44 20 7946 0958, fax: +44 20 7946 0959."),
    ("ltr", "The API endpoint https://api.example.com/v2/search?q=text+layout&lang=en&page=2&per_page=50 returns JSON."),
    ("ltr", "Follow #typography and @example, or read https://t.co/abc123XYZ for details."),
    ("ltr", "Email first.last@example.com, cc team-lead@example.com, and bcc archive@example.com."),
    ("ltr", "The installer is at https://example.com/download?platform=linux&arch=x86_64&version=latest."),
    ("rtl", "לפרטים נוספים: https://example.co.il/he/about או info@example.co.il"),
    ("rtl", "أرسل سيرتك الذاتية إلى jobs@example.com قبل نهاية الشهر."),
]

ZWJ_FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467"          # 👨‍👩‍👧
ZWJ_FAMILY4 = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # 👨‍👩‍👧‍👦
FLAG_FR = "\U0001F1EB\U0001F1F7"                                     # 🇫🇷
THUMBS_MEDIUM = "\U0001F44D\U0001F3FD"                               # 👍🏽

EMOJI = [
    ("ltr", "Good morning! 😀"),
    ("ltr", "Great job 👍 everyone, see you tomorrow 🎉"),
    ("ltr", "Our family: " + ZWJ_FAMILY),
    ("ltr", "Bonjour from Paris " + FLAG_FR + "!"),
    ("ltr", "Thumbs up " + THUMBS_MEDIUM + " from me."),
    ("ltr", "🎉🎉🎉"),
    ("ltr", "😀"),
    ("ltr", "I ❤️ good typography."),
    ("ltr", "Weather today: ☀️ in the morning, 🌧️ in the afternoon."),
    ("ltr", "The cake 🎂 was delicious 😋 and everyone asked for the recipe."),
    ("ltr", "We shipped it 🚀🚀 and nothing broke 🙏"),
    ("ltr", "Pizza 🍕, burgers 🍔, and fries 🍟 for lunch again?"),
    ("ltr", "Flags: 🇫🇷 🇩🇪 🇯🇵 🇧🇷 🇨🇦"),
    ("ltr", "Waving hands in every skin tone: 👋🏻 👋🏼 👋🏽 👋🏾 👋🏿"),
    ("ltr", "Families: " + ZWJ_FAMILY + " " + ZWJ_FAMILY4 + " 👩‍👩‍👦"),
    ("ltr", "Keycaps: 1️⃣ 2️⃣ 3️⃣"),
    ("ltr", "At work: 👩‍💻 writes code, 👨‍🚀 flies, and 👩‍🔬 runs experiments."),
    ("ltr", "Happy birthday! 🎂🎈🎁 Have a wonderful day 😊"),
    ("ltr", "I'm on my way 🚗💨 and will be there in 10 minutes."),
    ("ltr", "The release went out on time 🎉, the tests were green ✅, and the team celebrated with coffee ☕ and cake 🍰 in the afternoon."),
    ("ltr", "😀👍🎉😂🙈🐶🐱🌍🌈⭐🍎🍌"),
    ("ltr", "Reactions so far: 👍 12, ❤️ 5, 😂 3, 😮 1"),
    ("ltr", "Go team " + FLAG_FR + " " + THUMBS_MEDIUM + " " + ZWJ_FAMILY + "!"),
    ("ltr", "Dinner at 8 🍝 — don't be late ⏰"),
    ("ltr", "Trip plan: ✈️ to Tokyo 🗼, then 🚄 to Kyoto ⛩️, then home 🏠."),
    ("rtl", "מזל טוב 🎉 ליום ההולדת!"),
    ("rtl", "مبروك 🎉 على النجاح!"),
    ("ltr", "生日快乐🎂祝你天天开心😊"),
    ("ltr", "ありがとう😊また明日ね👋"),
]

SPECIAL = [
    ("ltr", ""),
    ("ltr", "A"),
    ("ltr", " "),
    ("ltr", "Line one\nLine two"),
    ("ltr", "First paragraph.\n\nSecond paragraph after a blank line."),
    ("ltr", "Trailing newline\n"),
    ("ltr", "\nLeading newline"),
    ("ltr", "Two  spaces  between  words."),
    ("ltr", "Double  spaces  after  periods.  Some  people  still  type  them  that  way."),
    ("ltr", "   Leading spaces"),
    ("ltr", "Trailing spaces   "),
    ("ltr", "   Spaces on both sides   "),
    ("ltr", "Name:\tJane\nAge:\t42"),
    ("ltr", "Column A\tColumn B"),
    ("ltr", "Address:\n221B Baker Street\nLondon NW1 6XE\nUnited Kingdom"),
    ("ltr", "Roses are red,\nViolets are blue,\nUnicode is hard,\nAnd layout is too."),
    ("ltr", "A backslash \\ in running text, and a path like C:\\temp\\new."),
    ("ltr", "Non-breaking" + NBSP + "spaces keep" + NBSP + "these" + NBSP + "words" + NBSP + "together on one line."),
    ("ltr", "第一行\n第二行"),
    ("ltr", "一行目です。\n二行目です。"),
    ("rtl", "שורה ראשונה\nשורה שנייה"),
    ("rtl", "السطر الأول\nالسطر الثاني"),
    ("rtl", "  רווחים בהתחלה ובסוף  "),
    ("ltr", "Ends with a hard break and spaces  \nthen continues."),
]


def french(s):
    """French typography: no-break spaces before : ; ! ? and inside « »."""
    s = s.replace("« ", "«" + NBSP).replace(" »", NBSP + "»")
    s = s.replace(" :", NBSP + ":")
    for mark in ";!?%":
        s = s.replace(" " + mark, NNBSP + mark)
    # Thousands separators and "19 h 30": narrow no-break space between digit groups and
    # no-break space around "h".
    out = []
    for i, ch in enumerate(s):
        if ch == " " and 0 < i < len(s) - 1:
            prev, nxt = s[i - 1], s[i + 1]
            if prev.isdigit() and nxt.isdigit():
                ch = NNBSP
            elif (prev.isdigit() and nxt == "h") or (prev == "h" and nxt.isdigit() and s[i - 2] == " "):
                ch = NBSP
        out.append(ch)
    return "".join(out)


def paragraphs(sentences, sep, words):
    """Single sentences, pairs (i, i+3), runs of consecutive sentences up to MAX_LONG code
    points starting at every other sentence, and single words."""
    n = len(sentences)
    out = list(sentences)
    out += [sentences[i] + sep + sentences[(i + 3) % n] for i in range(n)]
    for i in range(0, n, 2):
        run = sentences[i]
        j = i + 1
        while len(run + sep + sentences[j % n]) <= MAX_LONG and j < i + n:
            run = run + sep + sentences[j % n]
            j += 1
        if j - i >= 3:
            out.append(run)
    out += words
    return out


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def check(text):
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cc" and ch not in "\n\t":
            raise ValueError(f"control character U+{ord(ch):04X} in {text!r}")
        if cat in ("Co", "Cs", "Cn"):
            raise ValueError(f"unassigned/private/surrogate U+{ord(ch):04X} in {text!r}")


def build():
    groups = [
        ("english", [("ltr", p) for p in paragraphs(ENGLISH, " ", ENGLISH_WORDS)]),
        ("german", [("ltr", p) for p in paragraphs(GERMAN, " ", GERMAN_WORDS)]),
        ("french", [("ltr", french(p)) for p in paragraphs(FRENCH_RAW, " ", FRENCH_WORDS)]),
        ("arabic", [("rtl", p) for p in paragraphs(ARABIC, " ", ARABIC_WORDS)]),
        ("hebrew", [("rtl", p) for p in paragraphs(HEBREW, " ", HEBREW_WORDS)]),
        ("chinese", [("ltr", p) for p in paragraphs(CHINESE, "", CHINESE_WORDS)]),
        ("japanese", [("ltr", p) for p in paragraphs(JAPANESE, "", JAPANESE_WORDS)]),
        ("korean", [("ltr", p) for p in paragraphs(KOREAN, " ", KOREAN_WORDS)]),
        ("mixed", MIXED + [("rtl" if d == "ltr" else "ltr", t) for d, t in MIXED]),
        ("urls", URLS),
        ("emoji", EMOJI),
        ("special", SPECIAL),
    ]
    rows, seen = [], set()
    for group, items in groups:
        for direction, text in items:
            if (direction, text) in seen:
                continue
            seen.add((direction, text))
            check(text)
            rows.append((group, direction, text))
    return rows


def main():
    rows = build()
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "corpus.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for group, direction, text in rows:
            f.write(f"{group}\t{direction}\t{escape(text)}\n")
    counts = {}
    for group, _, _ in rows:
        counts[group] = counts.get(group, 0) + 1
    for group, n in counts.items():
        print(f"{group:10s} {n:4d}")
    print(f"{'total':10s} {len(rows):4d}  -> {path}")
    longest = max(len(t) for _, _, t in rows)
    print(f"longest paragraph: {longest} code points", file=sys.stderr)


if __name__ == "__main__":
    main()
